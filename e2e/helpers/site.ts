import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { axeViolations, describeViolations } from './axe';
import * as days from './booking-days';

/**
 * What several specs share. Each spec books in its own range of days ahead (SPEC_DAYS in
 * booking-days.ts), so parallel specs never compete for one start, and books only starts the
 * server offers (bookableStart), never a fixed time on a computed date.
 */
export const BUSINESS_TZ = days.BUSINESS_TZ;
export const SPEC_DAYS = days.SPEC_DAYS;
export const PASSWORD = 'correct-horse-42';

/** Today on the business's clock, as a local-midnight date. */
export const businessToday = (): Date => days.businessToday(new Date());

/** The n-th (0-based) day that is not a Sunday from `fromDays` to `toDays` ahead (the calendar only). */
export const openDay = (fromDays: number, toDays: number, n: number): Date => days.openDay(new Date(), fromDays, toDays, n);

/** The first Monday to Friday from `fromDays` to `toDays` ahead (the calendar only). */
export const weekdayAhead = (fromDays: number, toDays: number): Date => days.weekdayAhead(new Date(), fromDays, toDays);

/** GET /api/time-slots through this request context: the starts offered for a date and service. */
export function serverStarts(request: APIRequestContext): days.OfferedStarts {
  return async (date, serviceType) => {
    const res = await request.get(`/api/time-slots?date=${date}&serviceType=${encodeURIComponent(serviceType)}`);
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { slotTime: string }[]).map((s) => s.slotTime);
  };
}

/** A start the server offers for the service, from `fromDay` ahead on (see booking-days.ts). */
export const bookableStart = (request: APIRequestContext, opts: Omit<days.BookableStartOptions, 'now'>) =>
  days.bookableStart(serverStarts(request), { ...opts, now: new Date() });

/** The first (or last) start the server offers for the service on `day` (yyyy-MM-dd). */
export const offeredStart = (request: APIRequestContext, day: string, serviceType: string, pick: 'first' | 'last' = 'first') =>
  days.offeredStart(serverStarts(request), day, serviceType, pick);

export const iso = days.iso;
/** The calendar's name for a day button, e.g. "Tuesday, June 16, 2026". */
export const dayLabel = (date: Date) => format(date, 'EEEE, MMMM d, yyyy');
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
/**
 * Holds the requests matching `pattern` (the site's scripts, or one module) until `release()`:
 * the page is its server HTML meanwhile, as on a slow phone.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

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

/** A booking's row in the owner's Bookings table, by its id as shown ("#3", never "#32"). */
export const bookingRow = (page: Page, id: number) => page.getByRole('row').filter({ has: page.getByText(`#${id}`, { exact: true }) });

/** A job's card in Today, by its id as shown after the service ("· #3", never "· #32"). */
export const jobCard = (scope: Locator, id: number) => scope.getByRole('article').filter({ has: scope.page().getByText(`· #${id}`, { exact: true }) });
