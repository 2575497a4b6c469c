import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations } from './helpers/axe';
import { fulfillJson, GALLERY_FIXTURE, holdRoute, hydrated, TESTIMONIALS_FIXTURE, watchErrors } from './public-fixtures';

const PUBLIC_PAGES = ['/', '/services', '/gallery', '/testimonials', '/contact', '/nonexistent'];

async function contactFormReady(page: Page) {
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  await form.hover();
  await expect(form).toHaveAttribute('data-ready', 'true');
  return form;
}

test.describe('layout', () => {
  test('header navigation highlights the current page', async ({ page }) => {
    await page.goto('/services');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const expected: [string, string][] = [
      ['Home', '/'],
      ['Services', '/services'],
      ['Gallery', '/gallery'],
      ['Testimonials', '/testimonials'],
      ['Contact', '/contact'],
      ['My Account', '/dashboard'],
    ];
    for (const [name, href] of expected) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/book');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Westside Assembly Pros' })).toHaveAttribute('href', '/');
  });

  test('the logo falls back to a text badge when the image fails', async ({ page }) => {
    await page.route('**/images/logo.svg', (route) => route.abort());
    await page.goto('/');
    await hydrated(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByTestId('logo-badge')).toBeVisible();
    await expect(banner.getByTestId('logo-badge')).toHaveText(/Westside Assembly Pros/);
    await expect(banner.getByRole('img', { name: 'Westside Assembly Pros' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: /Westside Assembly Pros/ })).toHaveAttribute('href', '/');
  });

  test('the logo image shows when it loads', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('img', { name: 'Westside Assembly Pros' })).toBeVisible();
    await expect(page.getByTestId('logo-badge')).toHaveCount(0);
  });

  test('the header shrinks after 50 px of scroll', async ({ page }) => {
    await page.goto('/services');
    await hydrated(page);
    const header = page.getByRole('banner');
    const tall = (await header.boundingBox())!.height;
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(tall);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('mobile menu opens with contact details, closes outside and on choosing', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panelId = await toggle.getAttribute('aria-controls');
    await toggle.click();
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: '(310) 555-0142' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'hello@westsideassembly.example' })).toBeVisible();
    await expect(panel.getByText('Monday - Friday: 8:00 AM - 6:00 PM')).toBeVisible();
    await expect(panel.getByText('Saturday: 9:00 AM - 4:00 PM')).toBeVisible();
    await expect(panel.getByText('Sunday: Closed')).toBeVisible();

    // A click outside closes it.
    await page.mouse.click(4, 800);
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Choosing an item navigates and closes it.
    await toggle.click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Testimonials' }).click();
    await expect(page).toHaveURL(/\/testimonials$/);
    await expect(panel).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Client Testimonials', level: 1 })).toBeVisible();
  });

  test('footer links', async ({ page }) => {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    const expected: [string, string][] = [
      ['Home', '/'],
      ['Services', '/#services'],
      ['Gallery', '/#gallery'],
      ['Testimonials', '/#testimonials'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of expected) await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expect(footer.getByText('(310) 555-0142')).toBeVisible();
    await expect(footer.getByText('Sunday: Closed')).toBeVisible();
  });

  test('anchors land on their sections, also from another page', async ({ page }) => {
    await fulfillJson(page, '**/api/gallery', GALLERY_FIXTURE);
    await page.goto('/contact');
    await hydrated(page);
    const footerNav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
    for (const [name, id] of [
      ['Gallery', 'gallery'],
      ['Testimonials', 'testimonials'],
      ['Services', 'services'],
    ]) {
      await footerNav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    for (const id of ['services', 'gallery', 'testimonials', 'furniture-gallery', 'mounting-gallery']) {
      await page.goto(`/#${id}`);
      await hydrated(page);
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    // Arriving on /#furniture-gallery opens that category.
    await expect(page.locator('#mounting-gallery')).toHaveAttribute('aria-pressed', 'true');
    for (const id of ['furniture-assembly', 'mounting']) {
      await page.goto(`/services#${id}`);
      await hydrated(page);
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    // Same page, client-side.
    await page.getByRole('navigation', { name: 'Service categories' }).getByRole('link', { name: 'Furniture Assembly' }).click();
    await expect(page.locator('#furniture-assembly')).toBeInViewport();
  });

  test('every navigation starts at the top', async ({ page }) => {
    await page.goto('/services');
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the scroll-to-top button appears after 10 percent and scrolls up', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.05));
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.2));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });
});

test.describe('pages', () => {
  test('services page', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { name: 'Our Services', level: 1 })).toBeVisible();
    const assembly = page.locator('#furniture-assembly');
    await expect(assembly.getByRole('heading', { name: 'Furniture Assembly', level: 2 })).toBeVisible();
    for (const name of ['Beds & Bedroom', 'Desks & Office', 'Kitchen & Dining', 'Entertainment & Storage']) await expect(assembly.getByRole('heading', { name })).toBeVisible();
    const mounting = page.locator('#mounting');
    for (const name of ['TV Mounting', 'Artwork & Mirrors', 'Floating Shelves', 'Wall-Mounted Furniture']) await expect(mounting.getByRole('heading', { name })).toBeVisible();
    const book = page.getByRole('link', { name: /Book This Service/ });
    await expect(book).toHaveCount(8);
    for (const link of await book.all()) await expect(link).toHaveAttribute('href', '/book');
    const cta = page.getByRole('region', { name: /Ready to Get It/ });
    await expect(cta.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/book');
    await expect(cta.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  test('gallery page: the projects in the page itself, then filters, cards, details', async ({ page }) => {
    const release = await holdRoute(page, '**/api/gallery', GALLERY_FIXTURE);
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { name: 'Project Gallery', level: 1 })).toBeVisible();
    // The server's projects come with the page: no skeleton waits for the API or a script.
    const cards = page.locator('main article');
    await expect(page.getByTestId('gallery-skeleton')).toHaveCount(0);
    await expect(cards.first().locator('img')).toBeVisible();
    await expect(cards.filter({ hasText: 'Fixture' })).toHaveCount(0);
    // The island's refresh after hydration shows what the API answers now.
    release();
    await expect(cards).toHaveCount(13);
    const first = cards.first();
    await expect(first.getByRole('heading', { name: 'Fixture King Platform Bed' })).toBeVisible();
    await expect(first.getByText('Project #1')).toBeVisible();
    await expect(first.getByText('Furniture Assembly')).toBeVisible();
    await expect(first.getByText('Assembled king platform bed in Santa Monica.')).toBeVisible();

    for (const name of ['All Projects', 'Furniture Assembly', 'Mounting Projects']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Mounting Projects' }).click();
    await expect(cards).toHaveCount(6);
    await expect(page.getByText('Project #101')).toBeVisible();
    await page.getByRole('button', { name: 'Furniture Assembly' }).click();
    await expect(cards).toHaveCount(7);

    await page.getByRole('button', { name: 'View Details: Fixture Dresser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fixture Dresser' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Project #5')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('gallery page: an unchanged gallery runs no island until touched, and the first tap still filters', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') chunks.push(new URL(req.url()).pathname);
    });
    await page.goto('/gallery');
    await hydrated(page);
    const island = page.locator('[data-island="gallery"]');
    // The API answered what the page shows: nothing hydrated, no gallery code fetched.
    await expect(island).not.toHaveAttribute('data-live', 'true');
    expect(chunks.filter((p) => /gallery-browser|hydrate/.test(p))).toEqual([]);
    const cards = page.locator('main article');
    const all = await cards.count();
    expect(all).toBeGreaterThan(1);
    // The first tap loads and hydrates the island, then is played again: the filter applies.
    await page.getByRole('button', { name: 'Mounting Projects' }).click();
    await expect(island).toHaveAttribute('data-live', 'true');
    await expect(page.getByRole('button', { name: 'Mounting Projects' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => cards.count()).toBeLessThan(all);
  });

  test('gallery page empty state', async ({ page }) => {
    await fulfillJson(page, '**/api/gallery', []);
    await page.goto('/gallery');
    await expect(page.getByText('No projects found')).toBeVisible();
  });

  test('testimonials page: cards, fractional ratings, stats, review link', async ({ page }) => {
    await fulfillJson(page, '**/api/testimonials', TESTIMONIALS_FIXTURE);
    await page.goto('/testimonials');
    await expect(page.getByRole('heading', { name: 'Client Testimonials', level: 1 })).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(3);
    const ben = cards.filter({ hasText: 'Ben Second' });
    await expect(ben.getByText('Second review text.')).toBeVisible();
    await expect(ben.getByText('Venice, CA')).toBeVisible();
    await expect(ben.getByText('TV Mounting')).toBeVisible();
    await expect(ben.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();
    await expect(ben.getByText('4.5', { exact: true })).toBeVisible();
    await expect(ben.locator('[data-star="full"]')).toHaveCount(4);
    await expect(ben.locator('[data-star="half"]')).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Ana First' }).getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Cleo Third' }).locator('[data-star="empty"]')).toHaveCount(1);

    const stats = page.getByRole('region', { name: 'Our record' });
    for (const [value, label] of [
      ['7+', 'Years in Business'],
      ['500+', 'Projects Completed'],
      ['4.9', 'Average Rating'],
      ['98%', 'Client Satisfaction'],
    ]) {
      await expect(stats.getByText(value, { exact: true })).toBeVisible();
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveAttribute('href', '/contact');
  });

  test('testimonials page empty state', async ({ page }) => {
    await fulfillJson(page, '**/api/testimonials', []);
    await page.goto('/testimonials');
    await expect(page.getByText('No testimonials found')).toBeVisible();
  });

  test('seeded testimonials and gallery show on their pages', async ({ page }) => {
    await page.goto('/testimonials');
    await expect(page.getByRole('heading', { name: 'Sarah M.' })).toBeVisible();
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { name: 'King Platform Bed in Santa Monica' })).toBeVisible();
  });

  test('contact page: information panel', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    const info = page.locator('div').filter({ has: page.getByRole('heading', { name: 'Our Information' }) }).last();
    for (const name of ['Our Service Area', 'Phone', 'Email', 'Business Hours', 'Follow Us']) await expect(info.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(info.getByText('Santa Monica, CA 90401')).toBeVisible();
    await expect(info.getByText(/within 15 miles/)).toBeVisible();
    await expect(info.getByText('Monday - Friday: 8:00 AM - 6:00 PM')).toBeVisible();
    await expect(info.getByText('Saturday: 9:00 AM - 4:00 PM')).toBeVisible();
    await expect(info.getByText('Sunday: Closed')).toBeVisible();
    for (const name of ['Facebook', 'Instagram', 'Yelp', 'Google']) await expect(info.getByRole('link', { name: `Follow us on ${name}` })).toHaveAttribute('href', /^https:\/\//);
  });

  test('404 page answers with status 404', async ({ page }) => {
    const response = await page.goto('/nonexistent');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Expert Furniture Assembly' })).toBeVisible();
  });
});

test.describe('contact form', () => {
  test('shows the validation messages inline', async ({ page }) => {
    await page.goto('/contact');
    const form = await contactFormReady(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Subject is required')).toBeVisible();
    await expect(form.getByText('Message should be at least 10 characters')).toBeVisible();
    await expect(form.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Message')).toHaveAttribute('rows', '5');

    await form.getByLabel('Full Name').fill('Jo');
    await form.getByLabel('Email Address').fill('jo@example');
    await form.getByLabel('Message').fill('Too short');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name is required')).toBeHidden();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Message should be at least 10 characters')).toBeVisible();
  });

  test('sends, shows Sending..., the success toast, and resets', async ({ page }) => {
    await page.goto('/contact');
    const form = await contactFormReady(page);
    const email = `contact-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await form.getByLabel('Full Name').fill('Maria Lopez');
    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Subject').fill('TV above the fireplace');
    await form.getByLabel('Message').fill('Can you mount a 65 inch TV on brick in Venice next Saturday?');
    const release = await holdRoute(page, '**/api/contact');
    const sent = page.waitForResponse((res) => res.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    const response = await sent;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ fullName: 'Maria Lopez', email, subject: 'TV above the fireplace' });
    const status = page.getByRole('status').filter({ hasText: 'Message Sent' });
    await expect(status).toBeVisible();
    await expect(status).toContainText("Thank you for contacting us. We'll get back to you soon!");
    await expect(form.getByLabel('Full Name')).toHaveValue('');
    await expect(form.getByLabel('Email Address')).toHaveValue('');
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('failures show the Error toast with the server message or the fallback', async ({ page }) => {
    await page.goto('/');
    const form = await contactFormReady(page);
    await form.getByLabel('Full Name').fill('Maria Lopez');
    await form.getByLabel('Email Address').fill('maria@example.com');
    await form.getByLabel('Subject').fill('Shelves');
    await form.getByLabel('Message').fill('Three floating shelves in Santa Monica, please.');

    await page.route('**/api/contact', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' }) }));
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Error' });
    await expect(toast).toContainText('Too many requests. Please wait a moment and try again.');
    await expect(form.getByLabel('Full Name')).toHaveValue('Maria Lopez');

    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Failed to send message' })).toBeVisible();
  });
});

test.describe('quality', () => {
  for (const path of PUBLIC_PAGES) {
    test(`axe finds nothing on ${path}, and the console stays clean`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(path);
      await hydrated(page);
      if (path === '/' || path === '/gallery') await expect(page.getByTestId('gallery-skeleton')).toHaveCount(0);
      if (path === '/testimonials') await expect(page.locator('main article').first()).toBeVisible();
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  }

  test('axe finds nothing with the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
