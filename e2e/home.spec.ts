import { expect, test } from '@playwright/test';
import { fulfillJson, GALLERY_FIXTURE, holdRoute, hydrated, TESTIMONIALS_FIXTURE, watchErrors } from './public-fixtures';

const SLIDES = ['Expert Furniture Assembly', 'Professional TV Mounting', '7+ Years of Excellence'];

test.describe('home page', () => {
  test('shows the six sections in order, then the contact section', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    await hydrated(page);
    await expect(page).toHaveTitle('Westside Assembly Pros | Professional Furniture Assembly & Mounting Services');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Santa Monica/);

    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getByRole('heading', { name: SLIDES[0] })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Book Assembly' })).toHaveAttribute('href', '/book');
    await expect(hero.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

    for (const feature of ['7+ Years of Experience', 'Professional Tools', 'Easy Online Scheduling', 'Satisfaction Guaranteed']) {
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expect(page.getByText(/calendar/i).first()).toBeVisible();
    await expect(page.getByText(/Free estimates/).first()).toBeVisible();

    const services = page.locator('#services');
    await expect(services.getByRole('heading', { name: 'Furniture Assembly' })).toBeVisible();
    await expect(services.getByRole('heading', { name: 'Mounting Services' })).toBeVisible();
    await expect(services.getByRole('link', { name: /View Gallery/ })).toHaveCount(2);

    const gallery = page.locator('#gallery');
    for (const name of ['All Projects', 'Furniture Assembly', 'Mounting Services']) await expect(gallery.getByRole('button', { name, exact: true })).toBeVisible();

    await expect(page.locator('#testimonials').getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Ready to Get It/ })).toBeVisible();

    const contact = page.locator('#contact');
    await expect(contact.getByRole('heading', { name: 'Contact Us', level: 2 })).toBeVisible();
    await expect(contact.getByText('Have questions or need more information? Reach out to our team.')).toBeVisible();
    await expect(contact.getByRole('heading', { name: 'Send Us a Message' })).toBeVisible();
    await expect(contact.getByRole('heading', { name: 'Our Information' })).toBeVisible();

    // Section order: hero, why, services, gallery, testimonials, call to action, contact.
    const order = await page.locator('main > section, main > div > section').evaluateAll((els) => els.map((el) => el.id || el.getAttribute('aria-labelledby') || el.getAttribute('aria-label')));
    expect(order).toEqual(['Highlights', 'why-heading', 'services', 'gallery', 'testimonials', 'cta-heading', 'contact']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('the prerendered HTML has the first slide and six gallery skeletons', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Expert Furniture Assembly');
    expect(html.match(/data-testid="gallery-skeleton"/g)).toHaveLength(6);
  });

  test('the hero advances every 2 s, wraps, and can be paused', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-03-02T17:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T17:00:01Z'));
    await page.goto('/');
    await hydrated(page);
    const hero = page.getByRole('region', { name: 'Highlights' });
    const visible = (i: number) => expect(hero.getByRole('heading', { name: SLIDES[i] })).toBeVisible();
    await visible(0);
    await page.clock.runFor(1900);
    await visible(0);
    await page.clock.runFor(100);
    await visible(1);
    await expect(hero.getByRole('heading', { name: SLIDES[0] })).toBeHidden();
    await page.clock.runFor(2000);
    await visible(2);
    await page.clock.runFor(2000);
    await visible(0);

    await hero.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.clock.runFor(6000);
    await visible(0);
    await hero.getByRole('button', { name: 'Play slideshow' }).click();
    await page.clock.runFor(2000);
    await visible(1);
  });

  test("the hero plays on the server's HTML: its component is never loaded", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('[data-island="hero"]')).toHaveAttribute('data-live', 'true');
    expect(scripts.some((p) => /hero-carousel-dom-/.test(p))).toBe(true);
    expect(scripts.filter((p) => /hero-carousel-(?!dom-)/.test(p))).toEqual([]);
    // The gallery's read is checked without zod: neither zod nor the shared schemas load.
    await expect(page.locator('#gallery article').first()).toBeVisible();
    expect(scripts.filter((p) => /\/(zod|zod-configured|zod-jitless|fields)-/.test(p))).toEqual([]);
  });

  test('the hero has dots, arrows and keys', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const hero = page.getByRole('region', { name: 'Highlights' });
    await hero.getByRole('button', { name: 'Show slide 3: 7+ Years of Excellence' }).click();
    await expect(hero.getByRole('heading', { name: SLIDES[2] })).toBeVisible();
    await expect(hero.getByRole('button', { name: 'Show slide 3: 7+ Years of Excellence' })).toHaveAttribute('aria-current', 'true');
    await expect(hero.getByRole('link', { name: 'Book Your Project' })).toHaveAttribute('href', '/book');
    await hero.getByRole('button', { name: 'Next slide' }).click();
    await expect(hero.getByRole('heading', { name: SLIDES[0] })).toBeVisible();
    await hero.getByRole('button', { name: 'Previous slide' }).click();
    await expect(hero.getByRole('heading', { name: SLIDES[2] })).toBeVisible();
    // Keyboard focus inside pauses the show; arrow keys move it.
    await hero.getByRole('button', { name: 'Show slide 1: Expert Furniture Assembly' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(hero.getByRole('heading', { name: SLIDES[1] })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(hero.getByRole('heading', { name: SLIDES[2] })).toBeVisible();
  });

  test('no auto-advance under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: new Date('2026-03-02T17:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T17:00:01Z'));
    await page.goto('/');
    await hydrated(page);
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(6000);
    await expect(hero.getByRole('heading', { name: SLIDES[0] })).toBeVisible();
  });

  test('gallery: skeletons while loading, filters, View More Projects', async ({ page }) => {
    const releaseFixture = await holdRoute(page, '**/api/gallery', GALLERY_FIXTURE);
    await page.goto('/#gallery');
    await hydrated(page);
    const gallery = page.locator('#gallery');
    await expect(gallery.getByTestId('gallery-skeleton')).toHaveCount(6);
    releaseFixture();
    await expect(gallery.getByTestId('gallery-skeleton')).toHaveCount(0);
    const cards = gallery.locator('article');
    const more = gallery.getByRole('button', { name: 'View More Projects' });

    await expect(cards).toHaveCount(6);
    await more.click();
    await expect(cards).toHaveCount(12);
    await more.click();
    await expect(cards).toHaveCount(13);
    await expect(more).toBeHidden();

    await gallery.getByRole('button', { name: 'Mounting Services' }).click();
    await expect(gallery.getByRole('button', { name: 'Mounting Services' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards).toHaveCount(6);
    await expect(more).toBeHidden();
    await expect(gallery.getByRole('heading', { name: 'Fixture Gallery Wall' })).toBeVisible();

    await gallery.getByRole('button', { name: 'Furniture Assembly' }).click();
    await expect(cards).toHaveCount(6);
    await more.click();
    await expect(cards).toHaveCount(7);
    await expect(gallery.getByRole('heading', { name: 'Fixture Wardrobe' })).toBeVisible();

    await gallery.getByRole('button', { name: 'All Projects' }).click();
    await expect(cards).toHaveCount(6);
    await expect(more).toBeVisible();
  });

  test('testimonials advance every 6 s and wrap both ways', async ({ page }) => {
    await fulfillJson(page, '**/api/testimonials', TESTIMONIALS_FIXTURE);
    await page.clock.install({ time: new Date('2026-03-02T17:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T17:00:01Z'));
    const loaded = page.waitForResponse('**/api/testimonials');
    await page.goto('/');
    await hydrated(page);
    await loaded;
    const carousel = page.getByRole('region', { name: 'Customer testimonials' });
    // Query results are delivered on a zero-delay timer once the reply and its schema (a chunk
    // loaded on demand) are both in: tick the paused clock until they are.
    await expect
      .poll(async () => {
        await page.clock.runFor(1);
        return carousel.getByText('Ana First').isVisible();
      })
      .toBe(true);
    await page.clock.runFor(5900);
    await expect(carousel.getByText('Ana First')).toBeVisible();
    await page.clock.runFor(200);
    await expect(carousel.getByText('Ben Second')).toBeVisible();
    await expect(carousel.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();

    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(carousel.getByText('Cleo Third')).toBeVisible();
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(carousel.getByText('Ana First')).toBeVisible();
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(carousel.getByText('Cleo Third')).toBeVisible();

    await carousel.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.clock.runFor(13_000);
    await expect(carousel.getByText('Cleo Third')).toBeVisible();
  });

  test('empty testimonials', async ({ page }) => {
    await fulfillJson(page, '**/api/testimonials', []);
    await page.goto('/');
    await expect(page.locator('#testimonials').getByText('No testimonials available at this time.')).toBeVisible();
  });

  test('View Gallery links open the category on the gallery anchors', async ({ page }) => {
    await fulfillJson(page, '**/api/gallery', GALLERY_FIXTURE);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('link', { name: 'View Gallery: Mounting Services' }).click();
    await expect(page).toHaveURL(/\/#mounting-gallery$/);
    await expect(page.locator('#mounting-gallery')).toBeInViewport();
    await expect(page.locator('#mounting-gallery')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#gallery article')).toHaveCount(6);

    await page.getByRole('link', { name: 'View Gallery: Furniture Assembly' }).click();
    await expect(page.locator('#furniture-gallery')).toBeInViewport();
    await expect(page.locator('#furniture-gallery')).toHaveAttribute('aria-pressed', 'true');
  });
  test('the testimonials carousel, current with the API, starts once it nears the viewport', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const island = page.locator('[data-island="testimonials-carousel"]');
    // Below the fold on a phone-sized first view, with the reviews the page was rendered with.
    await expect(page.getByRole('region', { name: 'Customer testimonials' })).not.toBeInViewport();
    await expect(island).not.toHaveAttribute('data-live', 'true');
    await page.getByRole('region', { name: 'Customer testimonials' }).scrollIntoViewIfNeeded();
    await expect(island).toHaveAttribute('data-live', 'true');
    await expect(page.getByRole('region', { name: 'Customer testimonials' }).getByRole('button', { name: 'Pause testimonials' })).toBeVisible();
  });
});
