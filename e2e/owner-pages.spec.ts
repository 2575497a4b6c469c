import { expect, test } from '@playwright/test';
import { signInAsOwner } from './helpers/owner';
import { toasts } from './helpers/site';

/**
 * The owner changes the phone in /admin and the public pages show it, in their raw HTML too.
 * Runs in the "settings" project, after every spec that reads the business's facts.
 */
test('the owner changes the phone and sees it on the home page, with no rebuild', async ({ page }) => {
  await signInAsOwner(page);
  const before = ((await (await page.request.get('/api/admin/settings')).json()) as { business: { phone: string } }).business.phone;
  const phone = '(424) 555-0177';
  try {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Business' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Business' });
    await panel.getByLabel('Phone', { exact: true }).fill(phone);
    await panel.getByRole('button', { name: 'Save business details' }).click();
    await expect(toasts(page).filter({ hasText: 'Business Details Saved' })).toBeVisible();

    // The HTML the server sends, before any JavaScript: within 5 s of the change.
    await expect.poll(async () => (await (await page.request.get('/')).text()).includes(phone), { timeout: 5_000, intervals: [250] }).toBe(true);
    const html = await (await page.request.get('/contact')).text();
    expect(html).toContain(phone);
    expect(html).not.toContain(before);

    // And the page as a visitor sees it: the footer's and the contact panel's call links.
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: phone })).toHaveAttribute('href', 'tel:4245550177');
    await expect(page.locator('#contact').getByRole('link', { name: phone })).toBeVisible();
  } finally {
    const res = await page.request.patch('/api/admin/settings', { data: { business: { phone: before } } });
    expect(res.ok(), await res.text()).toBe(true);
  }
});
