import { describe, expect, it } from 'vitest';
import { CREW_SIZE_MESSAGE, CREW_SIZES_COUNT_MESSAGE, CREW_SIZES_MESSAGE, crewSizesFor } from './crew-sizes';
import { applySettingsPatch, DEFAULT_SETTINGS, settingsPatchSchema, settingsSchema, type Settings } from './settings';

function fieldErrors(input: unknown): Record<string, string> {
  const res = settingsPatchSchema.safeParse(input);
  if (res.success) return {};
  return Object.fromEntries(res.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const patched = (current: Settings, patch: unknown) => settingsSchema.parse(applySettingsPatch(current, settingsPatchSchema.parse(patch)));

describe('crew sizes', () => {
  it('start as one crew of two', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ crews: 1, crewSizes: [2] });
  });

  it.each([
    [{ crewSizes: [3] }, 'crewSizes.0', CREW_SIZE_MESSAGE],
    [{ crewSizes: ['2'] }, 'crewSizes.0', CREW_SIZE_MESSAGE],
    [{ crewSizes: [] }, 'crewSizes', CREW_SIZES_MESSAGE],
    [{ crewSizes: 2 }, 'crewSizes', CREW_SIZES_MESSAGE],
    [{ crewSizes: Array(21).fill(1) }, 'crewSizes', CREW_SIZES_MESSAGE],
    [{ crews: 2, crewSizes: [1] }, 'crewSizes', CREW_SIZES_COUNT_MESSAGE],
  ])('%j is refused on %s', (patch, path, message) => {
    expect(fieldErrors(patch)).toEqual({ [path]: message });
  });

  it.each([
    ['more crews: the first keep their size, new ones are crews of two', { crews: 1, crewSizes: [1] }, { crews: 3 }, { crews: 3, crewSizes: [1, 2, 2] }],
    ['fewer crews: the first keep their size', { crews: 3, crewSizes: [1, 2, 1] }, { crews: 2 }, { crews: 2, crewSizes: [1, 2] }],
    ['sizes alone set the count', { crews: 1, crewSizes: [2] }, { crewSizes: [2, 1] }, { crews: 2, crewSizes: [2, 1] }],
    ['both, in step', { crews: 1, crewSizes: [2] }, { crews: 2, crewSizes: [1, 1] }, { crews: 2, crewSizes: [1, 1] }],
    ['neither: unchanged', { crews: 2, crewSizes: [1, 2] }, { travelBufferMinutes: 15 }, { crews: 2, crewSizes: [1, 2] }],
  ])('%s', (_label, current, patch, expected) => {
    expect(patched({ ...DEFAULT_SETTINGS, ...current } as Settings, patch)).toMatchObject(expected);
  });

  it('a stored object from before crews had a size gets crews of two, as many as it had', () => {
    // What the settings service does with a stored object (settings/services/settings.ts).
    expect(patched(DEFAULT_SETTINGS, { crews: 3, travelBufferMinutes: 45 })).toMatchObject({ crews: 3, crewSizes: [2, 2, 2], travelBufferMinutes: 45 });
  });

  it('crewSizesFor pads with crews of two and cuts the rest', () => {
    expect(crewSizesFor([1], 3)).toEqual([1, 2, 2]);
    expect(crewSizesFor([1, 1, 2], 1)).toEqual([1]);
  });
});
