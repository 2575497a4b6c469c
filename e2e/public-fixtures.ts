import { expect, type Page } from '@playwright/test';

/** Console errors and uncaught exceptions of a page; 404 resource errors are expected on /nonexistent. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 404/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Waits until the app has hydrated (the layout marks <html data-hydrated="true">). */
export async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

const furniture = ['King Platform Bed', 'Standing Desk', 'Dining Set', 'Media Console', 'Dresser', 'Bunk Bed', 'Wardrobe'];
const mounting = ['TV Above Fireplace', 'TV with Hidden Cables', 'Gallery Wall', 'Floating Shelves', 'Entry Mirror', 'Wall Desk'];

/** 13 projects: 7 furniture (more than 6, so 'View More Projects' shows) and 6 mounting. */
export const GALLERY_FIXTURE = [
  ...furniture.map((title, i) => ({ id: i + 1, title: `Fixture ${title}`, description: `Assembled ${title.toLowerCase()} in Santa Monica.`, imageUrl: '/images/gallery/bed.svg', category: 'furniture-assembly' })),
  ...mounting.map((title, i) => ({ id: i + 101, title: `Fixture ${title}`, description: `Mounted ${title.toLowerCase()} in Venice.`, imageUrl: '/images/gallery/tv-wall.svg', category: 'mounting' })),
];

export const TESTIMONIALS_FIXTURE = [
  { id: 1, name: 'Ana First', location: 'Santa Monica, CA', comment: 'First review text.', content: 'First review text.', rating: 5, serviceType: 'Furniture Assembly', avatarUrl: null },
  { id: 2, name: 'Ben Second', location: 'Venice, CA', comment: 'Second review text.', content: 'Second review text.', rating: 4.5, serviceType: 'TV Mounting', avatarUrl: null },
  { id: 3, name: 'Cleo Third', location: 'West Los Angeles, CA', comment: 'Third review text.', content: 'Third review text.', rating: 4, serviceType: 'Shelf Mounting', avatarUrl: null },
];

export async function fulfillJson(page: Page, pattern: string, body: unknown) {
  await page.route(pattern, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));
}

/** A route held until `release()` is called, to look at loading states without sleeping. */
export async function holdRoute(page: Page, pattern: string, body?: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    if (body === undefined) await route.continue();
    else await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return release;
}
