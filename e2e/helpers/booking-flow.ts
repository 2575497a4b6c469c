import { expect, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { dayLabel, uniqueEmail } from './site';

/** Driving the /book page's form (demo payments). */
export const timeGroup = (page: Page) => page.getByRole('group', { name: 'Available Times' });

/** Moves the calendar forward to the date's month (it starts on the current month). */
export async function showMonth(page: Page, date: Date) {
  const wanted = format(date, 'MMMM yyyy');
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  for (let i = 0; i < 4; i++) {
    const shown = await grid.getAttribute('aria-label');
    if (shown === wanted) return;
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', shown ?? '');
  }
  await expect(grid).toHaveAttribute('aria-label', wanted);
}

export async function pickDate(page: Page, date: Date) {
  await showMonth(page, date);
  await page.getByRole('button', { name: dayLabel(date), exact: true }).click();
}

/** Picks the first open time of the shown day; returns its label. */
export async function pickFirstSlot(page: Page): Promise<string> {
  const slot = timeGroup(page).getByRole('button').first();
  await expect(slot).toBeVisible();
  const label = (await slot.textContent())!.trim();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  return label;
}

export async function fillDetails(page: Page, email = uniqueEmail('booking-ui')) {
  await page.getByRole('main').getByLabel('Full Name').fill('Jordan Avery');
  await page.getByRole('main').getByLabel('Phone Number').fill('(310) 555-0199');
  await page.getByRole('main').getByLabel('Email Address').fill(email);
  await page.getByRole('main').getByLabel('Service Address').fill('1450 Ocean Ave, Santa Monica, CA 90401');
  await page.getByRole('main').getByLabel('Special Instructions (Optional)').fill('Street parking only.');
}

export async function fillCard(page: Page, number: string) {
  await page.getByRole('main').getByLabel('Card number').fill(number);
  await page.getByRole('main').getByLabel('Expiration date (MM / YY)').fill('1234');
  await expect(page.getByRole('main').getByLabel('Expiration date (MM / YY)')).toHaveValue('12 / 34');
  await page.getByRole('main').getByLabel('Security code').fill('123');
  await page.getByRole('main').getByLabel('ZIP code').fill('90401');
}
