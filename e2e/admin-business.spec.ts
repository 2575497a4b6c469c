import { expect, test, type Page } from '@playwright/test';
import { addDays } from 'date-fns';
import { axeViolations, describeViolations } from './helpers/axe';
import { openAdminTab, signInAsOwner } from './helpers/owner';
import { businessToday, dayLabel, iso, toasts } from './helpers/site';

/**
 * The Business tab. The settings are the whole server's: the hours change lasts only as long as
 * the test needs (Saturday's closing moves by 15 minutes, which moves no start time on the hourly
 * grid), and the closed date is past every booking window other specs use.
 */
test.describe.configure({ mode: 'serial' });

async function openBusiness(page: Page) {
  await page.goto('/admin');
  const panel = await openAdminTab(page, 'Business');
  await expect(panel.getByLabel('Business name')).toBeVisible();
  return panel;
}

test('the owner edits the hours and a closed date, and sees them saved after a reload', async ({ page }) => {
  await signInAsOwner(page);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as { hours: Record<string, { open: string; close: string } | null>; closedDates: string[] };
  const closed = addDays(businessToday(), 300 + Math.floor(Math.random() * 30));
  try {
    let panel = await openBusiness(page);
    const hours = panel.getByRole('form', { name: 'Opening hours' });
    await expect(hours.getByLabel('Open on Saturday')).toBeChecked();
    await expect(hours.getByLabel('Closes on Saturday')).toHaveValue(before.hours['6']!.close);
    await hours.getByLabel('Closes on Saturday').fill('16:15');
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await expect(toasts(page).filter({ hasText: 'Hours Saved' })).toBeVisible();

    const dates = panel.getByRole('region', { name: 'Closed dates' });
    await dates.getByLabel('Date to close').fill(iso(closed));
    await dates.getByRole('button', { name: 'Close this date' }).click();
    await expect(toasts(page).filter({ hasText: 'Closed Dates Saved' })).toContainText(`No bookings on ${dayLabel(closed)}.`);

    await page.reload();
    panel = await openBusiness(page);
    await expect(panel.getByLabel('Closes on Saturday')).toHaveValue('16:15');
    await expect(panel.getByLabel('Opens on Saturday')).toHaveValue(before.hours['6']!.open);
    await expect(panel.getByLabel('Open on Sunday')).not.toBeChecked();
    const list = panel.getByRole('list', { name: 'Closed dates' });
    await expect(list.getByRole('listitem').filter({ hasText: dayLabel(closed) })).toBeVisible();
    const saved = (await (await page.request.get('/api/admin/settings')).json()) as typeof before;
    expect(saved.hours['6']).toEqual({ open: before.hours['6']!.open, close: '16:15' });
    expect(saved.closedDates).toContain(iso(closed));
    expect((await page.request.get(`/api/time-slots?date=${iso(closed)}`)).ok()).toBe(true);

    // Removing it again, in one tap.
    await list.getByRole('button', { name: `Remove ${dayLabel(closed)}` }).click();
    await expect(toasts(page).filter({ hasText: `${dayLabel(closed)} is open for bookings again.` })).toBeVisible();
    await expect(panel.getByText(dayLabel(closed))).toHaveCount(0);
  } finally {
    const restore = await page.request.patch('/api/admin/settings', { data: { hours: { '6': before.hours['6'] }, closedDates: before.closedDates } });
    expect(restore.ok(), await restore.text()).toBe(true);
  }
});

test('a bad field shows the server’s message under it; axe finds nothing at 375 and 1280 px', async ({ page }) => {
  await signInAsOwner(page);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as { business: { phone: string } };
  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    const panel = await openBusiness(page);
    const details = panel.getByRole('form', { name: 'Business details' });
    await details.getByLabel('Phone').fill('555-01');
    await details.getByLabel('Yelp page').fill('yelp.com/westside');
    await details.getByRole('button', { name: 'Save business details' }).click();
    await expect(details.getByLabel('Phone')).toHaveAccessibleDescription('Enter a phone number with area code, e.g. (310) 555-0142');
    await expect(details.getByLabel('Yelp page')).toHaveAccessibleDescription('Enter a web address starting with https://');
    await expect(details.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(toasts(page).filter({ hasText: 'Not Saved' })).toBeVisible();

    const hours = panel.getByRole('form', { name: 'Opening hours' });
    await hours.getByLabel('Open on Sunday').check();
    await hours.getByLabel('Opens on Sunday').fill('15:00');
    await hours.getByLabel('Closes on Sunday').fill('10:00');
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await expect(hours.getByLabel('Closes on Sunday')).toHaveAccessibleDescription('Closing time must be after opening time');

    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: `${process.env.TEST_RESULTS_DIR ?? 'test-results'}/admin-business-${viewport.width}.png`, fullPage: true });
  }
  // Nothing of the refused changes was kept.
  const settings = (await (await page.request.get('/api/admin/settings')).json()) as { business: { phone: string }; hours: Record<string, unknown> };
  expect(settings.business.phone).toBe(before.business.phone);
  expect(settings.hours['0']).toBeNull();
});

test('the owner changes the years, the figures and the towns served; the public pages show them', async ({ page }) => {
  await signInAsOwner(page);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as { business: Record<string, unknown> };
  const { serviceTowns, yearsInBusiness, projectsCompleted, averageRating, satisfaction } = before.business;
  try {
    const panel = await openBusiness(page);
    const details = panel.getByRole('form', { name: 'Business details' });
    await expect(details.getByLabel('Years in business')).toHaveValue('7');
    await expect(details.getByLabel('Projects completed')).toHaveValue('500+');
    await details.getByLabel('Years in business').fill('7.5');
    await details.getByRole('button', { name: 'Save business details' }).click();
    await expect(details.getByLabel('Years in business')).toHaveAccessibleDescription('Years in business must be a whole number from 0 to 100');

    await details.getByLabel('Years in business').fill('12');
    await details.getByLabel('Projects completed').fill('650+');
    await details.getByLabel('Average rating').fill('4.8');
    await details.getByLabel('Client satisfaction').fill('97%');
    await details.getByLabel('Towns served').fill('Venice and Culver City');
    await details.getByRole('button', { name: 'Save business details' }).click();
    await expect(toasts(page).filter({ hasText: 'Business Details Saved' })).toBeVisible();

    await page.goto('/testimonials');
    const record = page.getByRole('region', { name: 'Our record' });
    // The rating and satisfaction give way to the published reviews' figures once there are enough.
    for (const figure of ['12+', '650+']) await expect(record.getByText(figure, { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'What homeowners and businesses in Venice and Culver City say about our assembly and mounting work.');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '12+ Years of Experience' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('12+ years of careful, insured work');
  } finally {
    const restore = await page.request.patch('/api/admin/settings', { data: { business: { serviceTowns, yearsInBusiness, projectsCompleted, averageRating, satisfaction } } });
    expect(restore.ok(), await restore.text()).toBe(true);
  }
});

test('the owner sets the tax on materials as a percent; a bad rate is named under its box', async ({ page }) => {
  await signInAsOwner(page);
  try {
    let panel = await openBusiness(page);
    const form = panel.getByRole('form', { name: 'Invoices' });
    const rate = form.getByLabel('Tax on materials (%)');
    await expect(rate).toHaveValue('0');
    await rate.fill('30');
    await form.getByRole('button', { name: 'Save invoice settings' }).click();
    await expect(rate).toHaveAccessibleDescription(/Enter the tax rate as a percent from 0 to 25, such as 9\.5 or 10\.25/);
    await rate.fill('10.25');
    await form.getByRole('button', { name: 'Save invoice settings' }).click();
    await expect(toasts(page).filter({ hasText: 'Invoice Settings Saved' })).toBeVisible();
    expect(((await (await page.request.get('/api/admin/settings')).json()) as { materialsTaxRateBps: number }).materialsTaxRateBps).toBe(1025);
    await page.reload();
    panel = await openBusiness(page);
    await expect(panel.getByRole('form', { name: 'Invoices' }).getByLabel('Tax on materials (%)')).toHaveValue('10.25');
  } finally {
    const reset = await page.request.patch('/api/admin/settings', { data: { materialsTaxRateBps: 0 } });
    expect(reset.ok(), await reset.text()).toBe(true);
  }
});
