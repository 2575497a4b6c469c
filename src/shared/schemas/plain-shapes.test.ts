import { describe, expect, it } from 'vitest';
import { galleryItemsSchema, testimonialsSchema } from './content';
import { testimonialsSummarySchema } from './reviews';
import { galleryItemsShape, testimonialsShape, testimonialsSummaryShape } from './plain-shapes';

/** Each plain shape against its zod schema: the same value out, or both refusing. */
function agree(shape: { parse(d: unknown): unknown }, schema: { safeParse(d: unknown): { success: boolean; data?: unknown } }, data: unknown) {
  const zod = schema.safeParse(data);
  if (zod.success) expect(shape.parse(data)).toEqual(zod.data);
  else expect(() => shape.parse(data)).toThrow(/^Unexpected answer: /);
  return zod.success;
}

const item = { id: 1, title: 'King Bed', description: 'Assembled.', imageUrl: '/images/bed.jpg', category: 'furniture-assembly' };
const review = { id: -4, name: 'Ana', location: 'Venice, CA', comment: 'Great.', content: 'Great.', rating: 4.5, serviceType: 'TV Mounting', avatarUrl: null, verified: true, month: 'March 2027' };

describe('plain shapes of the public reads', () => {
  it('give what zod gives for good answers, unknown keys dropped', () => {
    expect(agree(galleryItemsShape, galleryItemsSchema, [item, { ...item, id: 2, extra: 'dropped' }])).toBe(true);
    expect(galleryItemsShape.parse([{ ...item, extra: 'dropped' }])[0]).not.toHaveProperty('extra');
    expect(agree(galleryItemsShape, galleryItemsSchema, [])).toBe(true);
    expect(agree(testimonialsShape, testimonialsSchema, [review, { ...review, id: 3, avatarUrl: '/a.png', verified: undefined, month: undefined }])).toBe(true);
    const { verified: _v, month: _m, ...owners } = review;
    expect(agree(testimonialsShape, testimonialsSchema, [owners])).toBe(true);
    expect(agree(testimonialsSummaryShape, testimonialsSummarySchema, { count: 12, average: 4.8 })).toBe(true);
    expect(agree(testimonialsSummaryShape, testimonialsSummarySchema, null)).toBe(true);
  });

  it('refuse what zod refuses, naming where', () => {
    for (const bad of [null, {}, 'x', [null], [{ ...item, id: '1' }], [{ ...item, title: undefined }], [{ ...item, category: 3 }]]) {
      expect(agree(galleryItemsShape, galleryItemsSchema, bad)).toBe(false);
    }
    for (const bad of [[{ ...review, avatarUrl: undefined }], [{ ...review, verified: 'yes' }], [{ ...review, rating: null }], { error: 'x' }]) {
      expect(agree(testimonialsShape, testimonialsSchema, bad)).toBe(false);
    }
    for (const bad of [{ count: 1 }, [], 'none', { count: '3', average: 4 }]) expect(agree(testimonialsSummaryShape, testimonialsSummarySchema, bad)).toBe(false);
    expect(() => galleryItemsShape.parse([item, { ...item, id: null }])).toThrow('Unexpected answer: [1].id should be a number');
  });
});
