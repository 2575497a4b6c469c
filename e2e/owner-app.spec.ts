import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './config';
import { axeViolations, describeViolations } from './helpers/axe';
import { OWNER, signInAsOwner } from './helpers/owner';

// The owner's app: /admin below 768 px, installable, with a service worker scoped to /admin.
test.use({ viewport: { width: 375, height: 800 } });

const SHOTS = join(process.env.TEST_RESULTS_DIR ?? 'test-results', 'shots');
const BAR = ['Today', 'Week', 'Requests', 'Numbers', 'More'];
const UNDER_MORE = ['Bookings', 'Customers', 'Messages', 'Schedule', 'Business', 'Services', 'Price list', 'Testimonials', 'Reviews', 'Gallery', 'Email problems', 'Notifications'];

async function businessName(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/config')).json()) as { business: { name: string } }).business.name;
}

async function expectPanelShown(page: Page, name: string) {
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  const violations = await axeViolations(page);
  expect(violations, `${name} at 375 px\n${describeViolations(violations)}`).toEqual([]);
  // Scrolled to its end, the panel's last line is above the bottom bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const barTop = await page.getByRole('navigation', { name: 'Owner app' }).evaluate((el) => el.getBoundingClientRect().top);
  const panelBottom = await panel.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(panelBottom, `${name}: its end is not under the bottom bar`).toBeLessThanOrEqual(barTop);
  await page.screenshot({ path: join(SHOTS, `owner-app-${name.toLowerCase().replaceAll(' ', '-')}.png`) });
}

test('at 375 px the bottom bar and More reach every screen, with no public header or footer', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await signInAsOwner(page);
  await page.goto('/admin');
  const bar = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(bar.getByRole('tab')).toHaveText(BAR);
  // The app's own top bar, named from the settings; not the site's header ("Book Now") or footer.
  const topBar = page.getByRole('main').locator('header').first();
  await expect(topBar).toContainText(await businessName(page));
  await expect(topBar.getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Now' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Admin' })).toBeAttached();
  for (const name of BAR) {
    const box = (await bar.getByRole('tab', { name, exact: true }).boundingBox())!;
    expect(box.height, `${name}: touch target height`).toBeGreaterThanOrEqual(44);
    expect(box.width, `${name}: touch target width`).toBeGreaterThanOrEqual(44);
  }
  await expect(bar.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  await expectPanelShown(page, 'Today');

  for (const name of BAR.slice(1, -1)) {
    await bar.getByRole('tab', { name, exact: true }).click();
    await expect(bar.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(bar.locator('[aria-current]')).toHaveCount(1);
    await expectPanelShown(page, name);
  }

  const more = bar.getByRole('tab', { name: 'More', exact: true });
  for (const name of UNDER_MORE) {
    await more.click();
    await expect(more).toHaveAttribute('aria-current', 'page');
    const list = page.getByRole('tablist', { name: 'More sections' });
    await expect(list).toBeVisible();
    expect(await list.getByRole('tab').allTextContents()).toEqual(expect.arrayContaining(UNDER_MORE));
    if (name === UNDER_MORE[0]) {
      await expectPanelShown(page, 'More');
      for (const row of await list.getByRole('tab').all()) expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await list.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tablist', { name: 'More sections' })).toBeHidden();
    // A screen under More keeps More marked as where the owner is.
    await expect(more).toHaveAttribute('aria-current', 'page');
    await expectPanelShown(page, name);
  }

  // The link of an estimate request's email opens Requests.
  await page.goto('/admin?request=999999');
  await expect(bar.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
  await expect(bar.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('tabpanel', { name: 'Requests' })).toBeVisible();

  // From 768 px: the site's header and the row of tabs, as before.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab')).toHaveCount(BAR.length - 1 + UNDER_MORE.length);
  await expect(page.getByRole('navigation', { name: 'Owner app' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Business Admin' })).toBeVisible();
});

test("the top bar's account menu says who is signed in, leads to the site and signs out", async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/admin');
  const account = page.getByRole('button', { name: 'Account' });
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator(`#${await account.getAttribute('aria-controls')}`);
  await expect(menu).toContainText(`Signed in as ${OWNER.fullName}`);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'owner-app-account-menu.png') });
  await expect(menu.getByRole('link', { name: 'View the site' })).toHaveAttribute('href', '/');
  // Escape closes it; it opens again.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
  await account.click();
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  for (const item of [menu.getByRole('link'), menu.getByRole('button')]) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

/** Width and height of a PNG, from its header. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the app is installable: its manifest and a service worker scoped to /admin that controls the page', async ({ baseURL }) => {
  // A browser with a profile on disk: Chromium installs nothing from an incognito context, which a
  // test's usual context is.
  const profile = mkdtempSync(join(tmpdir(), 'owner-app-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, baseURL, viewport: { width: 375, height: 800 } });
  try {
    await installable(context.pages()[0] ?? (await context.newPage()), baseURL!);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installable(page: Page, baseURL: string) {
  await signInAsOwner(page);
  await page.goto('/admin');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/admin.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
  const name = await businessName(page);
  expect(manifest).toMatchObject({ name, start_url: '/admin', scope: '/admin', display: 'standalone', theme_color: '#0a0a0a', background_color: '#0a0a0a' });
  expect(String(manifest.short_name).length).toBeGreaterThan(0);
  expect(String(manifest.short_name).length).toBeLessThanOrEqual(12);
  expect(name.startsWith(String(manifest.short_name))).toBe(true);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())).toBe(icon.sizes);
  }

  // The worker: never taken from a cache without asking, and registered for /admin only.
  const sw = await page.request.get('/admin-sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/admin`);
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/admin-sw.js`);

  // Chromium's own verdict.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors).toEqual([]);
}

test('a public page links no manifest and registers no service worker', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});
