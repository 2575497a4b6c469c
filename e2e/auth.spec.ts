import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations } from './helpers/axe';
import { hydrated } from './public-fixtures';

/**
 * Opens a sign-in screen once it works: the page hydrated and the screen's own code loaded (before
 * that, a submit is the form's post without JavaScript, answered by the server's page: a test of
 * its own in no-js-forms.spec.ts).
 */
async function openAuthPage(page: Page, path: '/login' | '/register' | '/auth') {
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
}

const uniqueEmail = () => `auth-ui-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
const PASSWORD = 'correct-horse-42';

/** Creates an account through the API (not signed in afterwards). */
async function createAccount(page: Page, email: string, fullName = 'Taylor Brooks') {
  const res = await page.request.post('/api/auth/register', {
    data: { fullName, email, phone: '', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.status()).toBe(201);
}

test('register, switch to Login, sign in and land on the dashboard with my name', async ({ page }) => {
  const email = uniqueEmail();
  await openAuthPage(page, '/register');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');

  await page.getByLabel('Full Name').fill('Morgan Ellis');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone Number (Optional)').fill('(310) 555-0199');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(toasts(page)).toContainText('Registration Successful');
  await expect(toasts(page)).toContainText('Your account has been created. Please log in.');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

  // The register form was reset.
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByRole('tab', { name: 'Login' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(toasts(page)).toContainText('Login Successful');
  await expect(toasts(page)).toContainText('Welcome back to the product!');
  await expect(page).toHaveURL(/\/dashboard$/);
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account).toContainText('Morgan Ellis');
  await expect(account).toContainText(email);

  // A signed-in visitor of the sign-in screen goes to the dashboard.
  await openAuthPage(page, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the register form shows the validation messages', async ({ page }) => {
  await openAuthPage(page, '/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('Full Name').fill('A');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('longenough1');
  await page.getByLabel('Confirm Password').fill('different-one');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toHaveCount(0);
  await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
});

test('the login form validates and a wrong password shows Login Failed', async ({ page }) => {
  const email = uniqueEmail();
  await createAccount(page, email);
  await openAuthPage(page, '/login');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toasts(page)).toContainText('Login Failed');
  await expect(toasts(page)).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('registering an email twice shows Registration Failed with the server message', async ({ page }) => {
  const email = uniqueEmail();
  await createAccount(page, email);
  await openAuthPage(page, '/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Full Name').fill('Sam Carter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toasts(page)).toContainText('Registration Failed');
  await expect(toasts(page)).toContainText('An account with this email already exists.');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
});

test('without Google configured the Google buttons are disabled and say why', async ({ page }) => {
  await openAuthPage(page, '/auth');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
  await expect(page.getByText('Google sign-in is not available yet.', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeDisabled();
});

test('Back to Home leads to the home page', async ({ page }) => {
  await openAuthPage(page, '/auth');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the sign-in screen has no accessibility violations (both tabs)', async ({ page }) => {
  await openAuthPage(page, '/auth');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  let violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
});

test("the owner's email confirmation link lands on Login with a notice", async ({ page }) => {
  await page.goto('/login?emailConfirmed=1');
  await expect(page.getByRole('status').filter({ hasText: 'Sign in with your password to finish confirming your email address.' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/login?emailConfirmed=0');
  await expect(page.getByRole('alert').filter({ hasText: 'That confirmation link is not valid or was already used.' })).toBeVisible();
});
