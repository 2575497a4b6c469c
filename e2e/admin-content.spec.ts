import { expect, test, type Page } from '@playwright/test';
import { addDays } from 'date-fns';
import { axeViolations, describeViolations } from './helpers/axe';
import { pickDate, timeGroup } from './helpers/booking-flow';
import { openAdminTab, signInAsOwner } from './helpers/owner';
import { businessToday, toasts } from './helpers/site';

/**
 * This spec's calendar day for /book's times: the first weekday (open 8:00 AM to 6:00 PM) from
 * 64 days ahead, inside 60 to 70, where no other spec books (dashboard's days end near 50).
 */
function ourWeekday(): Date {
  for (let n = 64; n <= 70; n++) {
    const day = addDays(businessToday(), n);
    if (day.getDay() >= 1 && day.getDay() <= 5) return day;
  }
  throw new Error('no weekday 64 to 70 days ahead');
}

async function openTab(page: Page, name: 'Services' | 'Testimonials') {
  await page.goto('/admin');
  const panel = await openAdminTab(page, name);
  await expect(panel.getByRole('list', { name })).toBeVisible();
  return panel;
}

async function expectNoViolations(page: Page, what: string) {
  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${viewport.width}px\n${describeViolations(violations)}`).toEqual([]);
  }
}

interface AdminService {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  durationMinutes: number;
  active: boolean;
  sortOrder: number;
}

test("the owner lengthens a service's job and /book's times follow", async ({ page }) => {
  await signInAsOwner(page);
  const list = (await (await page.request.get('/api/admin/services')).json()) as AdminService[];
  // Custom Project: the service other specs only book early in the day, so a longer job here for
  // a few steps takes no time another spec counts on (specs share one server).
  const original = list.find((s) => s.slug === 'custom-project')!;
  expect(original.durationMinutes).toBe(180);
  const day = ourWeekday();
  const times = async () => {
    await page.goto('/book');
    await page.getByRole('main').getByLabel('Service Type').selectOption('custom-project');
    await pickDate(page, day);
    await expect(timeGroup(page).getByRole('button').first()).toBeVisible();
  };

  try {
    // Three hours: the last start is 3:00 PM, three hours before the 6:00 PM close.
    await times();
    await expect(timeGroup(page).getByRole('button', { name: '3:00 PM', exact: true })).toBeVisible();

    const panel = await openTab(page, 'Services');
    const card = panel.getByRole('listitem').filter({ hasText: 'Custom Project' });
    await expect(card).toContainText('From $99 · 3 hours');
    await card.getByRole('button', { name: 'Edit Custom Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Custom Project' });
    await expect(dialog.getByLabel('Job length')).toHaveValue('180');

    // A bad price is named under its field and nothing is saved.
    await dialog.getByLabel('Starting price (US dollars)').fill('ninety');
    await dialog.getByLabel('Name').fill('C');
    await dialog.getByRole('button', { name: 'Save service' }).click();
    await expect(dialog.getByLabel('Starting price (US dollars)')).toHaveAccessibleDescription(/Enter a price in dollars from 0 to 100000, such as 89 or 89.50/);
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expectNoViolations(page, 'The service dialog with errors');

    await dialog.getByLabel('Name').fill('Custom Project');
    await dialog.getByLabel('Starting price (US dollars)').fill('99');
    await dialog.getByLabel('Job length').selectOption({ label: '4 hours' });
    await dialog.getByRole('button', { name: 'Save service' }).click();
    await expect(toasts(page).filter({ hasText: 'Service Saved' })).toContainText('Custom Project: $99, 4 hours.');
    await expect(dialog).toHaveCount(0);
    await expect(card).toContainText('From $99 · 4 hours');

    // Four hours: 3:00 PM would end at 7:00 PM, after closing; 2:00 PM still fits.
    await times();
    await expect(timeGroup(page).getByRole('button', { name: '2:00 PM', exact: true })).toBeVisible();
    await expect(timeGroup(page).getByRole('button', { name: '3:00 PM', exact: true })).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('A Custom Project job takes about 4 hours.');
  } finally {
    const { name, description, price, durationMinutes, active, sortOrder } = original;
    const restored = await page.request.put(`/api/admin/services/${original.id}`, { data: { name, description, price, durationMinutes, active, sortOrder } });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});

test('the Services tab orders services and passes axe on a phone and a desktop', async ({ page }) => {
  await signInAsOwner(page);
  const panel = await openTab(page, 'Services');
  const items = panel.getByRole('list', { name: 'Services' }).getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.first().getByRole('button', { name: 'Move up Furniture Assembly' })).toBeDisabled();
  await expect(items.last().getByRole('button', { name: 'Move down Custom Project' })).toBeDisabled();
  await expectNoViolations(page, 'Services');
});

test('the owner adds a testimonial that shows on /testimonials, hides it, and deletes it', async ({ page }) => {
  await signInAsOwner(page);
  const name = `Robin ${Date.now().toString(36)}`;
  const quote = `The crew mounted our 75-inch TV over the fireplace and hid every cable (${name}).`;
  const panel = await openTab(page, 'Testimonials');

  await panel.getByRole('button', { name: 'Add testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a testimonial' });
  // Empty: each field says what it needs.
  await dialog.getByRole('button', { name: 'Save testimonial' }).click();
  await expect(dialog.getByLabel('Customer name')).toHaveAccessibleDescription(/Name must be at least 2 characters/);
  await expect(dialog.getByLabel('Location')).toHaveAccessibleDescription(/Location must be at least 2 characters/);
  await expect(dialog.getByLabel('Testimonial', { exact: true })).toHaveAccessibleDescription('Testimonial must be at least 10 characters');
  await expect(dialog.getByLabel('Service')).toHaveAccessibleDescription('Choose a service');
  await expectNoViolations(page, 'The testimonial dialog with errors');

  await dialog.getByLabel('Customer name').fill(name);
  await dialog.getByLabel('Location').fill('Pacific Palisades');
  await dialog.getByLabel('Testimonial', { exact: true }).fill(quote);
  await dialog.getByLabel('Rating').selectOption('4.5');
  await dialog.getByLabel('Service').selectOption('tv-mounting');
  await dialog.getByRole('button', { name: 'Save testimonial' }).click();
  await expect(toasts(page).filter({ hasText: 'Testimonial Added' })).toContainText(`${name}'s testimonial is saved. It shows on the public pages.`);
  const item = panel.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Rated 4.5 out of 5 · TV Mounting');

  await page.goto('/testimonials');
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: quote });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();

  // Hidden: it leaves the public page and stays in /admin.
  await openTab(page, 'Testimonials');
  await item.getByRole('button', { name: `Edit ${name}'s testimonial` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}'s testimonial` });
  await edit.getByLabel('Show on the public pages').uncheck();
  await edit.getByRole('button', { name: 'Save testimonial' }).click();
  await expect(toasts(page).filter({ hasText: 'Testimonial Saved' })).toContainText('It is hidden from the public pages.');
  await expect(item).toContainText('Hidden');
  await expectNoViolations(page, 'Testimonials');

  await page.goto('/testimonials');
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('main').getByText(quote)).toHaveCount(0);

  // Deleting asks first.
  await openTab(page, 'Testimonials');
  await item.getByRole('button', { name: `Delete ${name}'s testimonial` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}'s testimonial?` });
  await confirm.getByRole('button', { name: 'Yes, delete testimonial' }).click();
  await expect(toasts(page).filter({ hasText: 'Testimonial Deleted' })).toContainText(`${name}'s testimonial was removed.`);
  await expect(item).toHaveCount(0);
});
