import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { axeViolations, describeViolations } from './helpers/axe';
import { signInAsOwner } from './helpers/owner';
import { businessToday, SPEC_DAYS, weekdayAhead } from './helpers/site';

// The e2e server makes this address an admin (ADMIN_EMAILS in playwright.config.ts).

// Screenshots to look at after a run, kept with the run's other results.
const SHOTS = join(process.env.TEST_RESULTS_DIR ?? 'test-results', 'shots');
const ADDRESS = '1550 Ocean Front Walk, Santa Monica, CA 90401';
const PHONE = '(310) 555-0142';
const NOTES = 'Ring the side gate; the TV wall is brick.';

/** A weekday (open 8:00 AM to 6:00 PM) 80 to 84 days ahead: inside admin.spec's days, whose bookings take any free time. */
const agendaDay = () => weekdayAhead(SPEC_DAYS.agenda.fromDay, SPEC_DAYS.agenda.toDay);

/** A one-hour shelf-mounting booking through the public API, at the first time still free. */
async function book(page: Page, date: string, email: string): Promise<{ id: number; time: string }> {
  const slots = await page.request.get(`/api/time-slots?date=${date}&serviceType=shelf-mounting`);
  expect(slots.ok(), await slots.text()).toBe(true);
  for (const { slotTime } of (await slots.json()) as { slotTime: string }[]) {
    const res = await page.request.post('/api/bookings', {
      data: {
        serviceType: 'shelf-mounting',
        bookingDate: date,
        bookingTime: slotTime,
        fullName: 'Avery Agenda',
        phone: PHONE,
        email,
        address: ADDRESS,
        specialInstructions: NOTES,
        depositAmount: 50,
        totalAmount: 50,
      },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return { id: ((await res.json()) as { id: number }).id, time: slotTime };
  }
  throw new Error(`no free time on ${date}`);
}

/** "9:00 AM" plus one hour. */
function hourLater(label: string): string {
  const [hm, ampm] = label.split(' ');
  const [h, m] = hm!.split(':').map(Number);
  const hour = ((h! % 12) + (ampm === 'PM' ? 12 : 0) + 1) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(m).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

async function expectNoViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

test('a booking shows in Today and in Week, with maps and call links, at phone and desktop widths', async ({ page }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const day = agendaDay();
  const date = format(day, 'yyyy-MM-dd');
  const longDay = format(day, 'EEEE, MMMM d, yyyy');
  const booking = await book(page, date, `agenda-${Date.now()}@example.com`);
  const end = hourLater(booking.time);
  await signInAsOwner(page);
  // The owner's block closes 5:00 PM for every crew; it is drawn apart from the jobs.
  const blocked = await page.request.post('/api/calendar/add-event', { data: { date, time: '5:00 PM' } });
  expect(blocked.status(), await blocked.text()).toBe(201);
  const blockId = ((await blocked.json()) as { blockedTime: { id: number } }).blockedTime.id;
  try {

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/admin');

    // /admin opens on Today, on the business's today.
    const today = page.getByRole('tabpanel', { name: 'Today' });
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    await expect(today.getByRole('heading', { level: 2 })).toHaveText(`Today, ${format(businessToday(), 'EEEE, MMMM d, yyyy')}`);

    // To the booking's day by the date field, then a day on and back with the buttons.
    await today.getByLabel('Go to date').fill(date);
    await expect(today.getByRole('heading', { level: 2 })).toHaveText(longDay);
    await today.getByRole('button', { name: 'Next day' }).click();
    await expect(today.getByRole('heading', { level: 2 })).toHaveText(format(addDays(day, 1), 'EEEE, MMMM d, yyyy'));
    await today.getByRole('button', { name: 'Previous day' }).click();
    await expect(today.getByRole('heading', { level: 2 })).toHaveText(longDay);

    const jobs = today.getByRole('list', { name: `Jobs on ${longDay}, in time order` });
    // Named for a screen reader by its time, service and customer.
    const card = jobs.getByRole('article', { name: `${booking.time} to ${end}, Shelf Mounting, Avery Agenda` });
    await expect(card).toContainText(`#${booking.id}`);
    await expect(card).toContainText(/Crew \d/);
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('Deposit not paid');
    await expect(card).toContainText(`Notes: ${NOTES}`);
    await expect(card.getByRole('link', { name: `${ADDRESS} (opens Google Maps in a new tab)` })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ADDRESS)}`,
    );
    await expect(card.getByRole('link', { name: `Call Avery Agenda at ${PHONE}` })).toHaveAttribute('href', 'tel:3105550142');
    await expect(today.getByText('Blocked: 5:00 PM to 6:00 PM')).toBeVisible();
    await expect(today.getByRole('status')).toHaveCount(0);
    await expectNoViolations(page, `Today at ${viewport.width}px`);
    await page.screenshot({ path: `${SHOTS}/agenda-today-${viewport.width}.png`, fullPage: true });

    // The Today button comes back to today.
    await today.getByRole('button', { name: 'Today' }).click();
    await expect(today.getByRole('heading', { level: 2 })).toHaveText(`Today, ${format(businessToday(), 'EEEE, MMMM d, yyyy')}`);

    // Week, chosen to start on the booking's day.
    await page.getByRole('tab', { name: 'Week' }).click();
    const week = page.getByRole('tabpanel', { name: 'Week' });
    await week.getByLabel('Week starting').fill(date);
    await expect(week.getByRole('heading', { level: 2 })).toHaveText(`Week of ${longDay}`);
    const chipName = `${booking.time} to ${end}, Shelf Mounting, Avery Agenda`;
    if (viewport.width >= 1024) {
      const grid = week.getByRole('table', { name: `Jobs per crew, week of ${longDay}` });
      await expect(grid.getByRole('columnheader').nth(1)).toContainText(format(day, 'EEE, MMM d'));
      await expect(grid.getByRole('rowheader', { name: 'All crews' })).toBeVisible();
      // The job sits in its crew's row, under the first day.
      const row = grid.getByRole('row').filter({ has: page.getByRole('article', { name: chipName }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('rowheader')).toHaveText(/^Crew \d$/);
      await expect(row.getByRole('cell').nth(0).getByRole('article', { name: chipName })).toContainText(`#${booking.id}`);
      const allCrews = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'All crews' }) });
      await expect(allCrews.getByRole('cell').nth(0)).toContainText('Blocked: 5:00 PM to 6:00 PM');
    } else {
      // On a phone: a list by day, with no sideways scrolling.
      const first = week.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${longDay}`) }) });
      await expect(first.getByRole('article', { name: chipName })).toContainText(`#${booking.id}`);
      await expect(first.getByRole('link', { name: `${ADDRESS} (opens Google Maps in a new tab)` })).toBeVisible();
      await expect(first.getByText('Blocked: 5:00 PM to 6:00 PM')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await expect(week.getByRole('status')).toHaveCount(0);
    await expectNoViolations(page, `Week at ${viewport.width}px`);
    await page.screenshot({ path: `${SHOTS}/agenda-week-${viewport.width}.png`, fullPage: true });

    // Next and previous week move by seven days.
    await week.getByRole('button', { name: 'Next week' }).click();
    await expect(week.getByRole('heading', { level: 2 })).toHaveText(`Week of ${format(addDays(day, 7), 'EEEE, MMMM d, yyyy')}`);
    await week.getByRole('button', { name: 'Previous week' }).click();
    await expect(week.getByRole('heading', { level: 2 })).toHaveText(`Week of ${longDay}`);
  }
  } finally {
    // Other specs book on these days too.
    expect((await page.request.delete(`/api/calendar/blocked-time/${blockId}`)).ok()).toBe(true);
  }
});

test('a day without jobs says so', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/admin');
  const today = page.getByRole('tabpanel', { name: 'Today' });
  // A Sunday far past the booking window: closed, and nobody can book it.
  let sunday = addDays(businessToday(), 200);
  while (sunday.getDay() !== 0) sunday = addDays(sunday, 1);
  await today.getByLabel('Go to date').fill(format(sunday, 'yyyy-MM-dd'));
  await expect(today.getByRole('heading', { level: 2 })).toHaveText(format(sunday, 'EEEE, MMMM d, yyyy'));
  await expect(today).toContainText('Closed on this weekday');
  await expect(today).toContainText('The business is closed on this day. No jobs are booked.');
  await expectNoViolations(page, 'Today, empty');
});
