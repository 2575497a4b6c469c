import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays } from 'date-fns';
import { axeViolations, describeViolations } from './helpers/axe';
import { openAdminTab, signInAsOwner } from './helpers/owner';
import { businessToday, iso, jobCard, SPEC_DAYS, toasts } from './helpers/site';

/**
 * Issue 22: the owner's Price list on a phone, a crew's size, and the real time a completed job
 * teaches the list. It changes the price list and the crews every page reads, so it runs in its
 * own project after the settings specs (playwright.config.ts), the crews restored at the end.
 */
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 375, height: 800 };
// Screenshots to look at after a run, kept with the run's other results.
const SHOTS = join(process.env.TEST_RESULTS_DIR ?? 'test-results', 'shots');

async function expectNoViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

/** Nothing wider than the phone, and every control in `scope` a 44 px target (a checkbox by its label). */
async function expectPhoneFit(page: Page, scope: Locator, what: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: no sideways scroll`).toBeLessThanOrEqual(PHONE.width);
  const small = await scope.locator('button, input, select, textarea').evaluateAll((controls) =>
    controls
      .map((control) => {
        const target = control instanceof HTMLInputElement && control.type === 'checkbox' ? (control.labels?.[0] ?? control) : control;
        const box = target.getBoundingClientRect();
        return { html: control.outerHTML.slice(0, 90), width: box.width, height: box.height };
      })
      .filter((t) => t.height > 0 && (t.height < 44 || t.width < 44)),
  );
  expect(small, `${what}: touch targets under 44 px`).toEqual([]);
}

async function openTab(page: Page, name: 'Price list' | 'Schedule' | 'Today') {
  const panel = await openAdminTab(page, name);
  await expect(panel.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  return panel;
}

/** A job of `quantity` of item `id` (shelf mounting) booked at the first start offered for its length in this spec's days, and confirmed. */
async function confirmedJob(page: Page, id: number, quantity: number, minutes: number) {
  const { fromDay, toDay } = SPEC_DAYS.prices;
  for (let d = fromDay; d <= toDay; d += 1) {
    const date = iso(addDays(businessToday(), d));
    const slots = await page.request.get(`/api/time-slots?date=${date}&minutes=${minutes}&twoPeople=false`);
    expect(slots.ok(), await slots.text()).toBe(true);
    const [first] = (await slots.json()) as { slotTime: string }[];
    if (!first) continue;
    const created = await page.request.post('/api/bookings', {
      data: {
        serviceType: 'shelf-mounting',
        items: [{ id, quantity, addOns: [] }],
        bookingDate: date,
        bookingTime: first.slotTime,
        fullName: 'Rowan Racks',
        phone: '(310) 555-0123',
        email: `prices-${Date.now()}@example.com`,
        address: '1550 Ocean Front Walk, Santa Monica, CA 90401',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { id: number };
    const confirmed = await page.request.post(`/api/admin/bookings/${booking.id}/status`, { data: { status: 'confirmed' } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    return { id: booking.id, date };
  }
  throw new Error(`no start for a ${minutes}-minute job from ${fromDay} to ${toDay} days ahead`);
}

test('at 375 px the owner adds an item and an add-on, edits the price, sets a crew to one person, and completes a job with its real time', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE);
  await signInAsOwner(page);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as { crews: number; crewSizes: number[] };
  const rack = `Coat rack ${Date.now().toString(36)}`;
  await page.goto('/admin');
  let panel = await openTab(page, 'Price list');
  await expect(panel.getByRole('heading', { level: 2, name: 'Shelf Mounting' })).toBeVisible();
  await expectNoViolations(page, 'Price list at 375 px');
  await expectPhoneFit(page, panel, 'Price list');

  // An item: a bad length is named under its box, then it is added at the end of its service.
  await panel.getByRole('button', { name: 'Add item to Shelf Mounting' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add an item to Shelf Mounting' });
  await dialog.getByLabel('Name').fill(rack);
  await dialog.getByLabel('Price (US dollars)').fill('39');
  await dialog.getByLabel('Minutes').fill('7');
  await dialog.getByLabel('Most per visit').fill('4');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByLabel('Minutes')).toHaveAccessibleDescription(/Minutes must be 5 to 600 in steps of 5/);
  await expectNoViolations(page, 'Item dialog with a message at 375 px');
  await expectPhoneFit(page, dialog, 'Item dialog');
  await dialog.getByLabel('Minutes').fill('30');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(toasts(page).filter({ hasText: 'Item Saved' })).toContainText(`${rack}: $39, 30 minutes.`);
  await expect(dialog).toBeHidden();
  const items = panel.getByRole('list', { name: 'Shelf Mounting items' });
  let card = items.getByRole('listitem').filter({ has: page.getByRole('heading', { name: rack }) });
  await expect(card).toContainText('$39 · 30 minutes listed · up to 4 per visit · order 5');
  await expect(card).toContainText('Real time: none yet');

  // Its price edited, as a "from" price.
  await card.getByRole('button', { name: `Edit ${rack}` }).click();
  dialog = page.getByRole('dialog', { name: `Edit ${rack}` });
  await expect(dialog.getByLabel('Price (US dollars)')).toHaveValue('39');
  await dialog.getByLabel('Price (US dollars)').fill('45.50');
  await dialog.getByLabel('“From” price').check();
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(toasts(page).filter({ hasText: `${rack}: From $45.50, 30 minutes.` })).toBeVisible();
  await expect(card).toContainText('From $45.50 · 30 minutes listed');
  const list = (await (await page.request.get('/api/admin/price-items')).json()) as { id: number; name: string; priceCents: number; priceIsFrom: boolean }[];
  const saved = list.find((i) => i.name === rack)!;
  expect(saved).toMatchObject({ priceCents: 4550, priceIsFrom: true });

  // An add-on for it. The server's refusal (an item deleted meanwhile) is named under the items it goes with.
  const doomed = await page.request.post('/api/admin/price-items', { data: { serviceType: 'shelf-mounting', name: `Hook ${Date.now().toString(36)}`, priceCents: 900, minutes: 5 } });
  expect(doomed.status(), await doomed.text()).toBe(201);
  const hook = (await doomed.json()) as { id: number; name: string };
  await page.reload();
  panel = await openTab(page, 'Price list');
  await panel.getByRole('button', { name: 'Add add-on' }).click();
  dialog = page.getByRole('dialog', { name: 'Add an add-on' });
  await dialog.getByLabel('Name').fill('Wall anchors');
  await dialog.getByLabel('Price (US dollars)').fill('10');
  await dialog.getByLabel('Minutes').fill('5');
  const goesWith = dialog.getByRole('group', { name: 'Goes with' });
  await goesWith.getByLabel(rack).check();
  await goesWith.getByLabel(hook.name).check();
  expect((await page.request.delete(`/api/admin/price-items/${hook.id}`)).ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Add add-on' }).click();
  await expect(goesWith).toHaveAccessibleDescription(new RegExp(`Item ${hook.id} is not on the price list\\.`));
  await expectNoViolations(page, 'Add-on dialog with a message at 375 px');
  await expectPhoneFit(page, dialog, 'Add-on dialog');
  await page.screenshot({ path: `${SHOTS}/prices-add-on-dialog-375.png` });
  await goesWith.getByLabel(hook.name).uncheck();
  await dialog.getByRole('button', { name: 'Add add-on' }).click();
  await expect(toasts(page).filter({ hasText: 'Wall anchors: $10, goes with 1 item.' })).toBeVisible();
  const addOn = panel.getByRole('list', { name: 'Add-ons' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Wall anchors' }) });
  await expect(addOn).toContainText('$10 · 5 minutes per unit of its item');
  await expect(addOn).toContainText(`Goes with: ${rack}`);
  // Visitors see it at once.
  const publicList = (await (await page.request.get('/api/price-list')).json()) as { serviceType: string; items: { name: string; priceCents: number; addOns: { name: string }[] }[] }[];
  expect(publicList.find((s) => s.serviceType === 'shelf-mounting')!.items.find((i) => i.name === rack)).toMatchObject({ priceCents: 4550, addOns: [{ name: 'Wall anchors' }] });

  try {
    // Crew 1 becomes a crew of one.
    let schedule = await openTab(page, 'Schedule');
    await expect(schedule.getByRole('group', { name: 'People in each crew' }).getByRole('combobox')).toHaveCount(before.crews);
    await schedule.getByLabel('Crew 1', { exact: true }).selectOption({ label: '1 person' });
    await schedule.getByRole('button', { name: 'Save schedule settings' }).click();
    await expect(toasts(page).filter({ hasText: 'Schedule Saved' })).toBeVisible();
    const settings = (await (await page.request.get('/api/admin/settings')).json()) as typeof before;
    expect(settings).toMatchObject({ crews: before.crews, crewSizes: [1, ...before.crewSizes.slice(1)] });
    await page.reload();
    schedule = await openTab(page, 'Schedule');
    await expect(schedule.getByLabel('Crew 1', { exact: true })).toHaveValue('1');

    // Two racks, 60 minutes listed, really took 90: 45 minutes each, half again the 30 listed.
    const job = await confirmedJob(page, saved.id, 2, 60);
    const today = await openTab(page, 'Today');
    await today.getByLabel('Go to date').fill(job.date);
    const jobCardToday = jobCard(today, job.id);
    await jobCardToday.getByRole('button', { name: `Complete job #${job.id}` }).click();
    dialog = page.getByRole('dialog', { name: `Complete job #${job.id}` });
    const realTime = dialog.getByLabel('Real time (minutes)');
    await expect(realTime).toHaveValue('60');
    await expect(realTime).toHaveAccessibleDescription(/^Booked for 1 hour\./);
    await realTime.fill('0');
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await expect(realTime).toHaveAccessibleDescription(/Enter the real time in whole minutes, from 1 to 1440/);
    await expectNoViolations(page, 'Complete dialog at 375 px');
    await realTime.fill('90');
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await expect(toasts(page).filter({ hasText: `Booking #${job.id} is marked completed.` })).toBeVisible();
    await expect(jobCardToday).toContainText('Completed');
    await expect(jobCardToday).toContainText('Took 1 hour 30 minutes (booked for 1 hour)');
    await expect(jobCardToday.getByRole('button', { name: `Complete job #${job.id}` })).toHaveCount(0);

    // The price list learned it.
    panel = await openTab(page, 'Price list');
    card = panel.getByRole('list', { name: 'Shelf Mounting items' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: rack }) });
    await expect(card).toContainText('Real time: 45 minutes each (last 1 job)');
    await expect(card).toContainText('Takes longer than listed');
    await expectNoViolations(page, 'Price list with a real time at 375 px');
    await expectPhoneFit(page, panel, 'Price list with a real time');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/prices-real-time-375.png` });
  } finally {
    const restore = await page.request.patch('/api/admin/settings', { data: { crewSizes: before.crewSizes } });
    expect(restore.ok(), await restore.text()).toBe(true);
  }
});
