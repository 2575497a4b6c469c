import { z } from 'zod';

/**
 * Crews with their size (DESIGN.md section 9): each crew is 1 or 2 people, and a job whose items
 * need two people goes only to a crew of two. The settings keep `crews` (the count every screen and
 * answer has always had) and `crewSizes` (one size per crew, crew 1 first) in step.
 */

/**
 * The size a crew gets when nobody said otherwise: a crew of two takes every job, as every crew
 * did before crews had a size, so a site upgraded (migration 0013) or a crew added keeps every
 * start it offered.
 */
export const DEFAULT_CREW_SIZE = 2;

export const CREW_SIZE_MESSAGE = 'Each crew is 1 or 2 people';
export const CREW_SIZES_MESSAGE = 'Give each crew a size of 1 or 2 people, for 1 to 20 crews';
export const CREW_SIZES_COUNT_MESSAGE = 'Give one size per crew';

export const crewSizesSchema = z
  .array(z.union([z.literal(1), z.literal(2)], { error: CREW_SIZE_MESSAGE }), { error: CREW_SIZES_MESSAGE })
  .min(1, CREW_SIZES_MESSAGE)
  .max(20, CREW_SIZES_MESSAGE);
export type CrewSizes = z.infer<typeof crewSizesSchema>;

/**
 * The sizes of `count` crews: the first ones keep their size, new ones get DEFAULT_CREW_SIZE
 * (the owner who goes from 2 crews to 3 adds one crew and keeps the other two as they were).
 */
export function crewSizesFor(sizes: readonly (1 | 2)[], count: number): CrewSizes {
  return Array.from({ length: count }, (_, i) => sizes[i] ?? DEFAULT_CREW_SIZE);
}
