import { expect, test, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { emailedLink, signInAsOwner } from './helpers/owner';
import { hydrated } from './public-fixtures';
import { businessToday, holdRequests, PASSWORD, toasts, uniqueEmail } from './helpers/site';

// Review bookings of this spec: 86 to 89 days ahead on the business clock (after admin's days), never a Sunday.
const FIRST_DAY = 86;
const LAST_DAY = 89;

/** Every URL the page asks for, to prove that nothing typed ever lands in one. */
function watchUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  return urls;
}

function expectNotInUrls(urls: string[], typed: string[]) {
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, ' '));
    for (const text of typed) expect(decoded, `${url} holds what was typed`).not.toContain(text);
  }
}

test.describe('forms with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('contact: the messages with what was typed kept, then Message Sent; nothing in a URL', async ({ page }) => {
    const urls = watchUrls(page);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    await form.getByLabel('Full Name').fill('Jo Tester');
    await form.getByLabel('Email Address').fill('jo-at-example');
    await form.getByLabel('Subject').fill('Gate');
    await form.getByLabel('Message').fill('gate 4321');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL(/\/contact$/);
    await expect(form.getByLabel('Email Address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Message should be at least 10 characters');
    await expect(form.getByLabel('Full Name')).toHaveValue('Jo Tester');
    await expect(form.getByLabel('Email Address')).toHaveValue('jo-at-example');
    await expect(form.getByLabel('Subject')).toHaveValue('Gate');
    await expect(form.getByLabel('Message')).toHaveValue('gate 4321');

    await form.getByLabel('Email Address').fill('jo@example.com');
    await form.getByLabel('Message').fill('My gate code is 4321');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent' })).toContainText("Thank you for contacting us. We'll get back to you soon!");
    await expect(form.getByLabel('Full Name')).toHaveValue('');
    expectNotInUrls(urls, ['Jo Tester', 'jo@example.com', 'jo-at-example', 'gate code', '4321']);
  });

  test('register, then sign in: the messages, the values kept (never a password), signed in at /dashboard', async ({ page }) => {
    const urls = watchUrls(page);
    const email = uniqueEmail('nojs-register');
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Full Name').fill('Robin Nojs');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password').fill('something-else-1');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(form.getByLabel('Confirm Password')).toHaveAccessibleDescription("Passwords don't match");
    await expect(form.getByLabel('Full Name')).toHaveValue('Robin Nojs');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');

    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login\?registered=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Registration Successful' })).toContainText('Your account has been created. Please log in.');

    const login = page.getByRole('form', { name: 'Sign in' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('wrong-password-9');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toContainText('Invalid email or password');
    await expect(login.getByLabel('Email')).toHaveValue(email);
    await expect(login.getByLabel('Password')).toHaveValue('');

    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    expectNotInUrls(urls, [email, 'Robin', PASSWORD, 'wrong-password-9', 'something-else-1']);
  });

  test('forgot password: the message for a bad address, then the sent message', async ({ page }) => {
    const urls = watchUrls(page);
    await page.goto('/login?forgot=1');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email').fill('nobody-at-example');
    await form.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(form.getByLabel('Email')).toHaveValue('nobody-at-example');
    await form.getByLabel('Email').fill('nobody-nojs@example.com');
    await form.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: "If an account exists for that email, we've sent a link to reset your password." })).toBeVisible();
    expectNotInUrls(urls, ['nobody']);
  });

  test('review: the messages, then the thank-you; the link then says it was used', async ({ page }) => {
    const email = uniqueEmail('nojs-review');
    const bookingId = await createBooking(page, email, 'Casey Nojs');
    await signInAsOwner(page);
    for (const status of ['confirmed', 'completed']) {
      const res = await page.request.post(`/api/admin/bookings/${bookingId}/status`, { data: { status } });
      expect(res.status(), await res.text()).toBe(200);
    }
    const link = await emailedLink(email, /\/review\/[\w-]{43}/, 'the review request email');

    await page.goto(link);
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect(form.getByLabel('Name shown with your review')).toHaveValue('Casey N.');
    await form.getByRole('textbox', { name: 'Your review', exact: true }).fill('Too short');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
    await expect(page.getByText('Please write at least 10 characters about the job')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Your review', exact: true })).toHaveValue('Too short');

    await form.getByRole('radio', { name: '4 stars, Very good' }).check({ force: true });
    await form.getByRole('textbox', { name: 'Your review', exact: true }).fill('Shelves up, level and solid. Thanks!');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText('Your review is in. It will appear on our website once we have read it.')).toBeVisible();
    expect(page.url()).not.toContain('Shelves');

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This review link is not valid or has already been used.');
  });

  test('/book: a submit before the page works puts nothing in the URL and says to wait for the page or call', async ({ page }) => {
    const urls = watchUrls(page);
    await page.goto('/book');
    const main = page.getByRole('main');
    await main.getByLabel('Full Name').fill('Jo Booker');
    await main.getByLabel('Phone Number').fill('3105550199');
    await main.getByLabel('Email Address').fill('jo.booker@example.com');
    await main.getByLabel('Service Address').fill('1450 Ocean Ave, Santa Monica, CA 90401');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/book$/);
    await expect(page.getByRole('alert')).toContainText('Booking online needs JavaScript');
    expectNotInUrls(urls, ['Jo Booker', '3105550199', 'jo.booker', 'Ocean']);
  });

  test('/estimate: the form posts its photos as multipart; before the page works the answer says to wait for it or call, nothing in a URL', async ({ page }) => {
    const urls = watchUrls(page);
    await page.goto('/estimate');
    const form = page.getByRole('form', { name: 'Free estimate request' });
    await expect(form).toHaveAttribute('enctype', 'multipart/form-data');
    await form.getByLabel('What Needs Doing').fill('Hang a heavy mirror in the hall.');
    await form.getByLabel('Add photos').setInputFiles({ name: 'hall.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) });
    await form.getByLabel('Full Name').fill('Jo Estimate');
    await form.getByLabel('Email Address').fill('jo.estimate@example.com');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(page).toHaveURL(/\/estimate$/);
    await expect(page.getByRole('alert')).toContainText('Sending photos needs this page to finish loading.');
    expectNotInUrls(urls, ['Jo Estimate', 'jo.estimate', 'mirror']);
  });
});

test.describe('typed before the page is interactive', () => {
  /** Holds the site's scripts until `release()`: the page shows its server HTML and can be typed into, as on a slow phone. */
  const holdScripts = (page: Page) => holdRequests(page, '**/assets/**/*.js');

  test('contact: what was typed survives hydration and is what gets sent', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    await form.getByLabel('Full Name').fill('Early Typist');
    await form.getByLabel('Email Address').fill('early@example.com');
    await form.getByLabel('Subject').fill('Before the scripts');
    await form.getByLabel('Message').fill('Typed while the page was still loading.');
    release();
    await hydrated(page);
    await expect(form).toHaveAttribute('data-ready', 'true');
    await expect(form.getByLabel('Full Name')).toHaveValue('Early Typist');
    await expect(form.getByLabel('Message')).toHaveValue('Typed while the page was still loading.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).filter({ hasText: 'Message Sent' })).toBeVisible();
    expect(page.url()).toMatch(/\/contact$/);
  });

  test("contact: a message sent while the form's code is still on its way is sent through it once it arrives", async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/assets/contact-form-island-*.js', async (route) => {
      asked = true;
      await gate;
      await route.continue();
    });
    await page.goto('/contact');
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    // Nothing loads the form's code until the form is touched.
    expect(asked).toBe(false);
    await form.getByLabel('Full Name').fill('Quick Sender');
    await form.getByLabel('Email Address').fill('quick.sender@example.com');
    await form.getByLabel('Subject').fill('Sent at once');
    await form.getByLabel('Message').fill('Sent before the form could check it.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(asked).toBe(true);
    // The browser did not post it: the page waits for the form's code.
    await expect(form).not.toHaveAttribute('data-ready', 'true');
    expect(page.url()).toMatch(/\/contact$/);
    release();
    await expect(toasts(page).filter({ hasText: 'Message Sent' })).toBeVisible();
    expect(page.url()).toMatch(/\/contact$/);
    await expect(form.getByLabel('Full Name')).toHaveValue('');
  });

  test('sign in and /book: what was typed survives hydration', async ({ page }) => {
    let release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const login = page.getByRole('form', { name: 'Sign in' });
    await login.getByLabel('Email').fill('early-signin@example.com');
    release();
    await hydrated(page);
    // The sign-in screen's own code arrives after the page's: its form takes the submit once loaded.
    await page.waitForLoadState('networkidle');
    await expect(login.getByLabel('Email')).toHaveValue('early-signin@example.com');
    // The form works on the kept value: the sign-in fails on the server, not in the browser's validation.
    await login.getByLabel('Password').fill('not-the-password-1');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(toasts(page).filter({ hasText: 'Login Failed' })).toContainText('Invalid email or password');

    await page.unrouteAll();
    release = await holdScripts(page);
    await page.goto('/book', { waitUntil: 'commit' });
    const main = page.getByRole('main');
    await main.getByLabel('Full Name').fill('Early Booker');
    await main.getByLabel('Service Address').fill('1450 Ocean Ave, Santa Monica, CA 90401');
    release();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(main.getByLabel('Full Name')).toHaveValue('Early Booker');
    await expect(main.getByLabel('Service Address')).toHaveValue('1450 Ocean Ave, Santa Monica, CA 90401');
    // Validation sees the kept value (no 'Name is required').
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(main.getByLabel('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number');
    await expect(main.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('/book: a service chosen before the page works shows its items and its job length once it does', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/book', { waitUntil: 'commit' });
    const main = page.getByRole('main');
    await main.getByLabel('Service Type').selectOption('furniture-assembly');
    release();
    await hydrated(page);
    await expect(main.getByLabel('Service Type')).toHaveValue('furniture-assembly');
    // The page reads the choice made before it ran: the price list and the job's length follow it.
    await expect(main.getByRole('group', { name: 'Your Items (Optional)' })).toBeVisible();
    await expect(main.getByLabel('Service Type')).toHaveAccessibleDescription(/^A Furniture Assembly job takes about/);
  });
});

/** A booking made through the public API on the first free time of this spec's days. */
async function createBooking(page: Page, email: string, fullName: string): Promise<number> {
  for (let n = FIRST_DAY; n <= LAST_DAY; n++) {
    const day = addDays(businessToday(), n);
    if (day.getDay() === 0) continue;
    const date = format(day, 'yyyy-MM-dd');
    const slots = await page.request.get(`/api/time-slots?date=${date}`);
    expect(slots.ok()).toBe(true);
    for (const slot of (await slots.json()) as { slotTime: string }[]) {
      const res = await page.request.post('/api/bookings', {
        data: { serviceType: 'shelf-mounting', bookingDate: date, bookingTime: slot.slotTime, fullName, phone: '(310) 555-0177', email, address: '1450 Ocean Ave, Santa Monica, CA 90401', depositAmount: 50, totalAmount: 50 },
      });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    }
  }
  throw new Error('no free time in the no-JS spec days');
}
