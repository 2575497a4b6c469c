import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The owner's account on the e2e server (ADMIN_EMAILS in playwright.config.ts). */
export const OWNER = { email: 'owner@e2e.test', password: 'owner-password-123', fullName: 'Shop Owner' };

/**
 * The path of the newest link matching `path` in an email to `to`, read from the .eml files the
 * e2e server writes (it has no SMTP server), as a person would click it.
 */
export async function emailedLink(to: string, path: RegExp, what: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const pattern = new RegExp(`https?://[^/\\s]+(${path.source})`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
        const newestFirst = files.map((f) => ({ f, at: statSync(join(outbox, f)).mtimeMs })).sort((a, b) => b.at - a.at);
        for (const { f } of newestFirst) {
          // Quoted-printable: join soft line breaks and decode "=3D" before reading the URL.
          const text = readFileSync(join(outbox, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          if (!text.includes(`To: ${to}`)) continue;
          link = pattern.exec(text)?.[1];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 20_000, message: `${what} reaches the outbox` },
    )
    .toBeTruthy();
  return link!;
}

/**
 * Registers the owner (once per server; specs running in parallel may too), proves the address
 * through the emailed link followed by a password sign-in in this browser (the admin role needs
 * both), and signs in. Another spec proving the address at the same moment can leave this browser
 * a step behind: it signs in again until the role holds.
 */
export async function signInAsOwner(page: Page) {
  let role = '';
  for (let attempt = 0; attempt < 6 && role !== 'admin'; attempt++) {
    if (attempt) await page.waitForTimeout(1000);
    const reg = await page.request.post('/api/auth/register', { data: { ...OWNER, phone: '', confirmPassword: OWNER.password } });
    expect([201, 409], await reg.text()).toContain(reg.status());
    await page.goto(await emailedLink(OWNER.email, /\/api\/auth\/confirm-email\?token=[\w-]+/, 'the owner confirmation email'));
    // First use proves it; a parallel test may have used the link already.
    await expect(page).toHaveURL(/\/login\?emailConfirmed=[01]$/);
    const login = await page.request.post('/api/auth/login', { data: { email: OWNER.email, password: OWNER.password } });
    expect(login.ok(), await login.text()).toBe(true);
    if (((await login.json()) as { user: { role: string } }).user.role !== 'admin') continue;
    const me = await page.request.get('/api/auth/user');
    role = me.ok() ? ((await me.json()) as { role: string }).role : '';
  }
  expect(role).toBe('admin');
}

/**
 * The owner records the balance of a completed job's invoice as paid in cash (a job paid on
 * site): the invoice is paid and its receipt, with the review request inside, is emailed.
 */
export async function payInCash(page: Page, bookingId: number) {
  const invoice = await page.request.get(`/api/admin/bookings/${bookingId}/invoice`);
  expect(invoice.status(), await invoice.text()).toBe(200);
  const { id, balanceCents } = (await invoice.json()) as { id: number; balanceCents: number };
  const paid = await page.request.post(`/api/admin/invoices/${id}/payments`, { data: { method: 'cash', amountCents: balanceCents } });
  expect(paid.status(), await paid.text()).toBe(201);
}

/**
 * Opens an admin screen by its tab, at any width: on a computer every screen is a tab in one row;
 * in the owner's app (below 768 px) a screen that is not in the bottom bar is a tab under More.
 */
export async function openAdminTab(page: Page, name: string) {
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  const tab = page.getByRole('tab', { name, exact: true });
  if (!(await tab.isVisible())) await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'More', exact: true }).click();
  await tab.click();
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}
