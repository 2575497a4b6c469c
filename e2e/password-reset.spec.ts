import { expect, test } from '@playwright/test';
import { emailedLink } from './helpers/owner';
import { hydrated } from './public-fixtures';
import { expectNoAxeViolations, PASSWORD, toasts, uniqueEmail } from './helpers/site';

const NEW_PASSWORD = 'a-whole-new-secret-8';

/** The reset link emailed to `email`. */
const resetLink = (email: string) => emailedLink(email, /\/reset-password\?token=[\w-]+/, 'the reset email');

test('forgot password: from the login tab to signed in with the new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  const reg = await page.request.post('/api/auth/register', {
    data: { fullName: 'Jordan Reyes', email, phone: '', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(reg.status()).toBe(201);

  await page.goto('/login');
  // The sign-in page is server-rendered: before the page runs, "Forgot your password?" is a plain
  // link to /login?forgot=1, which cannot carry the address typed (nothing typed goes in a URL).
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Reset your password' });
  // The address typed on the sign-in form carries over.
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: "If an account exists for that email, we've sent a link to reset your password." })).toBeVisible();

  const link = await resetLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill('not-the-same-1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();

  await expect(toasts(page)).toContainText('Password Updated');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(email);
  // Signed in for real (a session cookie), not only in the page's memory.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(email);

  // Sign out.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // The link worked once: opened again, it says so and offers a new one.
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('yet-another-pass-3');
  await page.getByLabel('Confirm New Password').fill('yet-another-pass-3');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or was already used. Ask for a new one.' })).toBeVisible();
  await page.getByRole('link', { name: 'Request a New Link' }).click();
  await expect(page).toHaveURL(/\/login\?forgot=1$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  // Sign in with the new password.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toasts(page)).toContainText('Login Successful');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Jordan Reyes');
});

test('a reset page opened without a token offers a new link', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or was already used. Ask for a new one.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Request a New Link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
});
