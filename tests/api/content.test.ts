import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../helpers/clock';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z') });
});
afterAll(async () => t?.close());

describe('public read API', () => {
  it('lists gallery items, filtered by category', async () => {
    const all = await injectJson(t.app, 'GET', '/api/gallery');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(0);
    expect(Object.keys(all.body[0]).sort()).toEqual(['category', 'description', 'id', 'imageUrl', 'title']);
    const mounting = await injectJson(t.app, 'GET', '/api/gallery?category=mounting');
    expect(mounting.body.length).toBeGreaterThan(0);
    expect(mounting.body.length).toBeLessThan(all.body.length);
    expect(mounting.body.every((g: { category: string }) => g.category === 'mounting')).toBe(true);
    const bad = await injectJson(t.app, 'GET', '/api/gallery?category=boats');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });
});
