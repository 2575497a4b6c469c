import { expect, test } from '@playwright/test';

test('the home page shows gallery items from the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'King Platform Bed in Santa Monica' })).toBeVisible();
});
