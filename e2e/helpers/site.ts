import { expect, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { axeViolations, describeViolations } from './axe';

/**
 * What several specs share. Each spec books in its own range of days ahead (booking 10-35,
 * journey 36-39, dashboard 40-70, admin 75-85), never a Sunday, so parallel specs never compete
 * for one slot.
 */
export const BUSINESS_TZ = 'America/Los_Angeles';
export const PASSWORD = 'correct-horse-42';

/** Today on the business's clock, as a local-midnight date. */
export function businessToday(): Date {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TZ, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(get('year'), get('month') - 1, get('day'));
}

/** The n-th (0-based) open day (not a Sunday) from `fromDays` ahead, asserted to stay within `toDays`. */
export function openDay(fromDays: number, toDays: number, n: number): Date {
  let day = addDays(businessToday(), fromDays);
  for (let seen = -1; ; day = addDays(day, 1)) {
    if (day.getDay() !== 0) seen++;
    if (seen === n) break;
  }
  expect(day.getTime(), `booking date stays within ${toDays} days`).toBeLessThanOrEqual(addDays(businessToday(), toDays).getTime());
  return day;
}

export const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/** The calendar's name for a day button, e.g. "Tuesday, June 16, 2026". */
export const dayLabel = (date: Date) => format(date, 'EEEE, MMMM d, yyyy');
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

export async function expectNoAxeViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** A new account, signed in through the API: the page's cookies are shared with page.request. */
export async function signUpAndSignIn(page: Page, opts: { prefix: string; fullName?: string }): Promise<string> {
  const email = uniqueEmail(opts.prefix);
  const reg = await page.request.post('/api/auth/register', {
    data: { fullName: opts.fullName ?? 'Riley Parker', email, phone: '3105550142', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(reg.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return email;
}
