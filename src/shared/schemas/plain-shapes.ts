/**
 * The public pages' reads checked without zod. An island that refreshes the gallery or the
 * testimonials would otherwise load zod and the shared schemas (about 80 KB, the longest task of
 * the home page's load on a slow phone) to check three small answers. Each shape here gives what
 * its zod schema in content.ts / reviews.ts gives (unknown keys dropped, the same errors refused);
 * plain-shapes.test.ts holds them to it.
 */

type Kind = 'string' | 'number' | 'boolean';
/** A field's type: required, optional (`?`), or nullable (`|null`). */
type Field = Kind | `${Kind}?` | `${Kind}|null`;

/** What apiJson takes: zod's `parse`. */
export interface PlainShape<T> {
  parse(data: unknown): T;
}

function fail(path: string, expected: string): never {
  throw new TypeError(`Unexpected answer: ${path || 'the answer'} should be ${expected}`);
}

function checkObject(value: unknown, fields: Record<string, Field>, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object');
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const v = source[key];
    const kind = field.replace(/\?|\|null/g, '');
    if (field.endsWith('?') && v === undefined) continue;
    if (field.endsWith('|null') && v === null) {
      out[key] = null;
      continue;
    }
    // zod's number refuses NaN and the infinities, which JSON cannot carry anyway.
    if (typeof v !== kind || (kind === 'number' && !Number.isFinite(v))) fail(`${path}.${key}`, `a ${kind}`);
    out[key] = v;
  }
  return out;
}

function arrayOf<T>(fields: Record<string, Field>): PlainShape<T[]> {
  return {
    parse(data) {
      if (!Array.isArray(data)) fail('', 'a list');
      return data.map((item, i) => checkObject(item, fields, `[${i}]`) as T);
    },
  };
}

/** GET /api/gallery (galleryItemsSchema). */
export const galleryItemsShape = arrayOf<{ id: number; title: string; description: string; imageUrl: string; category: string }>({
  id: 'number',
  title: 'string',
  description: 'string',
  imageUrl: 'string',
  category: 'string',
});

/** GET /api/testimonials (testimonialsSchema). */
export const testimonialsShape = arrayOf<{
  id: number;
  name: string;
  location: string;
  comment: string;
  content: string;
  rating: number;
  serviceType: string;
  avatarUrl: string | null;
  verified?: boolean;
  month?: string;
}>({
  id: 'number',
  name: 'string',
  location: 'string',
  comment: 'string',
  content: 'string',
  rating: 'number',
  serviceType: 'string',
  avatarUrl: 'string|null',
  verified: 'boolean?',
  month: 'string?',
});

/** GET /api/testimonials/summary (testimonialsSummarySchema): null until there are enough reviews. */
export const testimonialsSummaryShape: PlainShape<{ count: number; average: number } | null> = {
  parse(data) {
    return data === null ? null : (checkObject(data, { count: 'number', average: 'number' }, '') as { count: number; average: number });
  },
};
