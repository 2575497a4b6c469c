import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { axeViolations, describeViolations } from './helpers/axe';
import { pickDate, timeGroup } from './helpers/booking-flow';
import { signInAsOwner } from './helpers/owner';
import { minutesOf } from './helpers/booking-days';
import { bookingRow, offeredStart, SPEC_DAYS, toasts, weekdayAhead } from './helpers/site';

// The e2e server makes this address an admin (ADMIN_EMAILS in playwright.config.ts).

/**
 * This spec's calendar day: the first weekday (Monday to Friday, open 8:00 AM to 6:00 PM) from
 * 86 days ahead (SPEC_DAYS.schedule), past every other spec's booking days (admin's end at 85)
 * and inside the 90-day booking window, so the busy event it imports hides no other spec's times.
 */
const busyDay = () => weekdayAhead(SPEC_DAYS.schedule.fromDay, SPEC_DAYS.schedule.toDay);

async function openSchedule(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Schedule' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Schedule' });
  await expect(panel.getByLabel('Crews')).toBeVisible();
  return panel;
}

/** A local calendar feed: /busy.ics holds one busy event, 10:00 AM to 12:00 PM on `day`; anything else is a 500. */
async function serveFeed(day: Date): Promise<{ server: Server; base: string }> {
  const ymd = format(day, 'yyyyMMdd');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Admin schedule spec//EN',
    'BEGIN:VEVENT',
    `UID:dentist-${ymd}@e2e.test`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=America/Los_Angeles:${ymd}T100000`,
    `DTEND;TZID=America/Los_Angeles:${ymd}T120000`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const server = createServer((req, res) => {
    if (req.url === '/busy.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      res.end(ics);
    } else {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('broken');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// One test after the other: they sign in as the one owner and share the server's settings.
test.describe.configure({ mode: 'serial' });

/** A one-hour (shelf-mounting) booking through the public API; returns its id. */
async function book(page: Page, date: string, time: string, address: string, email: string): Promise<number> {
  const res = await page.request.post('/api/bookings', {
    data: { serviceType: 'shelf-mounting', bookingDate: date, bookingTime: time, fullName: 'Jamie Schedule', phone: '(310) 555-0188', email, address, depositAmount: 50, totalAmount: 50 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const offered = async (page: Page, date: string, serviceType?: string) => {
  const res = await page.request.get(`/api/time-slots?date=${date}${serviceType ? `&serviceType=${serviceType}` : ''}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { slotTime: string }[]).map((s) => s.slotTime);
};

test('a calendar the owner adds blocks its busy time on /book; a failing one says why and can be removed', async ({ page }) => {
  const day = busyDay();
  const date = format(day, 'yyyy-MM-dd');
  const { server, base } = await serveFeed(day);
  try {
    await signInAsOwner(page);
    // Before: the one-hour job is offered through the morning.
    expect(await offered(page, date)).toEqual(expect.arrayContaining(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM']));

    const panel = await openSchedule(page);
    const calendars = panel.getByRole('list', { name: 'Calendars' });
    const name = `Dentist calendar ${Date.now()}`;
    await panel.getByLabel('Name', { exact: true }).fill(name);
    await panel.getByLabel('Secret iCal address').fill(`${base}/busy.ics`);
    await panel.getByRole('button', { name: 'Add calendar' }).click();
    await expect(panel.getByText(`${name} was added: 1 busy time now block the schedule.`)).toBeVisible();
    const item = calendars.getByRole('listitem').filter({ hasText: name });
    // The secret address is shown as its host only.
    await expect(item).toContainText(`${new URL(base).host}…`);
    await expect(item).not.toContainText('busy.ics');
    await expect(item).toContainText('Synced just now · 1 busy time');
    await expect(item.getByRole('alert')).toHaveCount(0);

    // "Sync now" fetches again and keeps the count.
    await item.getByRole('button', { name: `Sync now ${name}` }).click();
    await expect(toasts(page).filter({ hasText: 'Calendar Synced' })).toContainText(`${name}: 1 busy time.`);

    // The Week view draws the imported busy time on its day, for every crew.
    await page.getByRole('tab', { name: 'Week' }).click();
    const week = page.getByRole('tabpanel', { name: 'Week' });
    await week.getByLabel('Week starting').fill(date);
    const allCrews = week.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'All crews' }) });
    await expect(allCrews.getByRole('cell').nth(0)).toContainText('Busy in your calendar: 10:00 AM to 12:00 PM');

    // After: a one-hour job cannot start inside the busy 10:00 AM to 12:00 PM; 9:00 AM ends as it
    // begins and 12:00 PM starts as it ends (busy time blocks the job, not its travel buffer).
    const after = await offered(page, date);
    expect(after).not.toContain('10:00 AM');
    expect(after).not.toContain('11:00 AM');
    expect(after).toEqual(expect.arrayContaining(['9:00 AM', '12:00 PM', '1:00 PM']));

    // The same on /book, for the one-hour service.
    await page.goto('/book');
    await page.getByRole('main').getByLabel('Service Type').selectOption('shelf-mounting');
    await pickDate(page, day);
    await expect(timeGroup(page).getByRole('button', { name: '9:00 AM', exact: true })).toBeVisible();
    await expect(timeGroup(page).getByRole('button', { name: '12:00 PM', exact: true })).toBeVisible();
    await expect(timeGroup(page).getByRole('button', { name: '10:00 AM', exact: true })).toHaveCount(0);
    await expect(timeGroup(page).getByRole('button', { name: '11:00 AM', exact: true })).toHaveCount(0);

    // The owner's move dialog asks for this booking's own job and says why a start is refused.
    const email = `schedule-move-${Date.now()}@example.com`;
    // A start the server offers after the busy time.
    const afterBusy = (await offered(page, date, 'shelf-mounting')).find((t) => minutesOf(t) >= minutesOf('12:00 PM'));
    expect(afterBusy, 'a shelf mounting start offered after the busy time').toBeDefined();
    const id = await book(page, date, afterBusy!, '12 Main Street, Santa Monica', email);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    const row = bookingRow(page, id);
    await expect(row).toContainText('1 hour');
    await expect(row).toContainText('Area not checked');
    await row.getByRole('button', { name: `Move booking #${id}` }).click();
    const move = page.getByRole('dialog', { name: `Move booking #${id}` });
    await expect(move).toContainText('This job takes 1 hour. Open Mondays to Fridays 8:00 AM to 6:00 PM');
    await expect(move).not.toContainText('Weekdays 8:00 AM to 5:00 PM');
    const select = move.getByLabel('New time');
    await expect(select).toBeEnabled();
    await expect(select.locator('option', { hasText: '10:00 AM (busy in your calendar)' })).toBeDisabled();
    await expect(select.locator('option', { hasText: '11:00 AM (busy in your calendar)' })).toBeDisabled();
    await expect(select.locator('option', { hasText: `${afterBusy} (current time)` })).toBeEnabled();
    await expect(select.locator('option', { hasText: /^9:00 AM$/ })).toBeEnabled();
    await page.keyboard.press('Escape');

    // A feed that fails is added anyway, with the reason in words.
    const broken = `Broken calendar ${Date.now()}`;
    const schedule = await openSchedule(page);
    await schedule.getByLabel('Name', { exact: true }).fill(broken);
    await schedule.getByLabel('Secret iCal address').fill(`${base}/missing.ics`);
    await schedule.getByRole('button', { name: 'Add calendar' }).click();
    await expect(schedule.getByRole('alert').filter({ hasText: `${broken} was added, but the first fetch failed:` })).toContainText('500');
    const brokenItem = schedule.getByRole('list', { name: 'Calendars' }).getByRole('listitem').filter({ hasText: broken });
    await expect(brokenItem).toContainText('Never synced · 0 busy times');
    await expect(brokenItem.getByRole('alert')).toContainText('Last try failed:');

    // axe on the Schedule screen, a failing calendar included, at phone and desktop widths.
    for (const viewport of [
      { width: 375, height: 800 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(schedule.getByRole('status')).toHaveCount(0);
      const violations = await axeViolations(page);
      expect(violations, `Schedule at ${viewport.width}px\n${describeViolations(violations)}`).toEqual([]);
    }

    // Removing asks first, then the calendar is gone.
    await brokenItem.getByRole('button', { name: `Remove ${broken}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove ${broken}?` });
    await dialog.getByRole('button', { name: 'Yes, remove calendar' }).click();
    await expect(toasts(page).filter({ hasText: 'Calendar Removed' })).toBeVisible();
    await expect(brokenItem).toHaveCount(0);
    await expect(schedule.getByRole('list', { name: 'Calendars' }).getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  } finally {
    server.close();
  }
});

test('the owner changes the travel buffer and crews; bad values are named under their fields', async ({ page }) => {
  await signInAsOwner(page);
  const current = await page.request.get('/api/admin/settings');
  expect(current.ok(), await current.text()).toBe(true);
  const before = (await current.json()) as { travelBufferMinutes: number; crews: number; serviceZips: string[] };
  try {
    const panel = await openSchedule(page);
    await expect(panel.getByLabel('Travel buffer (minutes)')).toHaveValue(String(before.travelBufferMinutes));
    await expect(panel.getByLabel('Service ZIP codes')).toHaveValue(before.serviceZips.join('\n'));

    // Out of range: each message under its own field, nothing saved.
    await panel.getByLabel('Crews').fill('25');
    await panel.getByLabel('Service ZIP codes').fill(`${before.serviceZips.join(', ')}, 9040`);
    await panel.getByRole('button', { name: 'Save schedule settings' }).click();
    await expect(panel.getByLabel('Crews')).toHaveAccessibleDescription(/Crews must be a whole number from 1 to 20/);
    await expect(panel.getByLabel('Service ZIP codes')).toHaveAccessibleDescription(/ZIP codes are 5 digits/);
    await expect(panel.getByLabel('Travel buffer (minutes)')).not.toHaveAttribute('aria-invalid', 'true');
    expect((await (await page.request.get('/api/admin/settings')).json()).crews).toBe(before.crews);

    // Good values: saved, and shown again after a reload. (Other specs share this server: the
    // changed values live only for these few steps.)
    const buffer = before.travelBufferMinutes === 45 ? 40 : 45;
    const crews = before.crews === 2 ? 3 : 2;
    await panel.getByLabel('Travel buffer (minutes)').fill(String(buffer));
    await panel.getByLabel('Crews').fill(String(crews));
    await panel.getByLabel('Service ZIP codes').fill([...before.serviceZips].reverse().join(', '));
    await panel.getByRole('button', { name: 'Save schedule settings' }).click();
    await expect(toasts(page).filter({ hasText: 'Schedule Saved' })).toBeVisible();
    await expect(panel.getByLabel('Crews')).not.toHaveAttribute('aria-invalid', 'true');
    // The ZIP codes come back sorted, one a line.
    await expect(panel.getByLabel('Service ZIP codes')).toHaveValue(before.serviceZips.join('\n'));

    const reloaded = await openSchedule(page);
    await expect(reloaded.getByLabel('Travel buffer (minutes)')).toHaveValue(String(buffer));
    await expect(reloaded.getByLabel('Crews')).toHaveValue(String(crews));

    // With two crews, two jobs at one time (the day's last start offered, clear of the earlier
    // test's job and its buffer); the owner cannot put both on one crew.
    const date = format(busyDay(), 'yyyy-MM-dd');
    const stamp = Date.now();
    const late = await offeredStart(page.request, date, 'shelf-mounting', 'last');
    const first = await book(page, date, late, '1 Ocean Ave, Santa Monica, CA 90401', `schedule-crew-a-${stamp}@example.com`);
    expect(await offered(page, date, 'shelf-mounting'), 'the second crew still free then').toContain(late);
    const second = await book(page, date, late, '2 Ocean Ave, Santa Monica, CA 90401', `schedule-crew-b-${stamp}@example.com`);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`schedule-crew-b-${stamp}`);
    const row = bookingRow(page, second);
    await expect(row).not.toContainText('Area not checked');
    const crewSelect = row.getByLabel(`Crew for booking #${second}`);
    const otherCrew = (await crewSelect.inputValue()) === '1' ? '2' : '1';
    await crewSelect.selectOption(otherCrew);
    await expect(row.getByRole('alert')).toHaveText(`Crew ${otherCrew} is busy then. Pick another crew or move the booking.`);
    // Nothing changed: the two jobs keep their two crews.
    const both = (await (await page.request.get(`/api/admin/bookings?q=schedule-crew-`)).json()) as { bookings: { id: number; crew: number }[] };
    const crewOf = (id: number) => both.bookings.find((b) => b.id === id)?.crew;
    expect(new Set([crewOf(first), crewOf(second)])).toEqual(new Set([1, 2]));
  } finally {
    const restore = await page.request.patch('/api/admin/settings', { data: { travelBufferMinutes: before.travelBufferMinutes, crews: before.crews } });
    expect(restore.ok(), await restore.text()).toBe(true);
  }
});

test('with no crew of two, two-person items on /book offer the free estimate instead of a quantity', async ({ page }) => {
  await signInAsOwner(page);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as { crewSizes: (1 | 2)[] };
  const setSizes = async (crewSizes: (1 | 2)[]) => {
    const res = await page.request.patch('/api/admin/settings', { data: { crewSizes } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const tvItems = async () => {
    await page.goto('/book');
    await page.getByRole('main').getByLabel('Service Type').selectOption('tv-mounting');
    const picker = page.getByRole('group', { name: 'Your Items (Optional)' });
    await expect(picker).toBeVisible();
    return picker;
  };
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    await setSizes(before.crewSizes.map(() => 1));
    const picker = await tvItems();
    const large = picker.getByRole('listitem').filter({ hasText: 'TV 65 to 75 inches' });
    await expect(large).toContainText('This needs a crew of two, and none can be booked online right now. Ask for a free estimate instead.');
    await expect(large.getByRole('link', { name: 'free estimate' })).toHaveAttribute('href', '/estimate');
    await expect(large.getByRole('spinbutton')).toHaveCount(0);
    await expect(picker.getByRole('button', { name: 'Add one TV 65 to 75 inches', exact: true })).toHaveCount(0);
    // A one-person item is added as ever.
    await picker.getByRole('button', { name: 'Add one TV up to 42 inches', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Your Job' })).toContainText('Total: $99');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  } finally {
    await setSizes(before.crewSizes);
  }
  // A crew of two again: the page says so at once (the owner's change renews the cached list and page).
  const picker = await tvItems();
  await expect(picker.getByRole('button', { name: 'Add one TV 65 to 75 inches', exact: true })).toBeEnabled();
  await expect(picker).not.toContainText('This needs a crew of two');
});
