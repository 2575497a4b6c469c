import { expect, test } from '@playwright/test';

// The e2e server has no Twilio settings: texts are off, and /book must look as it always did.
// (The texts themselves, and the opt-in when they are on, are covered by tests/api/texts.test.ts.)
test('with texts not set up, /book offers no text opt-in', async ({ page }) => {
  const config = await page.request.get('/api/config');
  expect(((await config.json()) as { texts: { enabled: boolean } }).texts).toEqual({ enabled: false });
  await page.goto('/book');
  await expect(page.getByRole('main').getByLabel('Phone Number')).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Special Instructions (Optional)')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Text me reminders and updates' })).toHaveCount(0);
  await expect(page.getByText('Reply STOP to opt out')).toHaveCount(0);
});
