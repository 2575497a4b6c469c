import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../src/server/db/schema';
import { readSettings } from '../../src/server/settings';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/** Issue 22: crews get a size (1 or 2 people) in the owner's settings; `crews` answers as before. */
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-10-01T19:00:00.000Z') });
  admin = { cookie: (await sessionAs(t.db, 'admin')).cookie };
});
afterAll(async () => t?.close());

const patch = (body: unknown) => injectJson(t.app, 'PATCH', '/api/admin/settings', body, admin);
const settings = async () => (await injectJson(t.app, 'GET', '/api/admin/settings', undefined, admin)).body;

describe('crew sizes in the settings', () => {
  it('start as one crew of two', async () => {
    expect(await settings()).toMatchObject({ crews: 1, crewSizes: [2] });
  });

  it('follow the count the Schedule screen sends, keeping the first crews’ sizes', async () => {
    expect((await patch({ crewSizes: [1] })).body).toMatchObject({ crews: 1, crewSizes: [1] });
    expect((await patch({ crews: 3 })).body).toMatchObject({ crews: 3, crewSizes: [1, 2, 2] });
    expect((await patch({ crews: 2 })).body).toMatchObject({ crews: 2, crewSizes: [1, 2] });
    expect(await settings()).toMatchObject({ crews: 2, crewSizes: [1, 2] });
  });

  it('set the count when sent alone, and must match it when both are sent', async () => {
    expect((await patch({ crewSizes: [2, 1, 1] })).body).toMatchObject({ crews: 3, crewSizes: [2, 1, 1] });
    const mismatch = await patch({ crews: 2, crewSizes: [1] });
    expect(mismatch).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', message: 'Give one size per crew', errors: { crewSizes: 'Give one size per crew' } } });
    expect((await patch({ crewSizes: [3] })).body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { 'crewSizes.0': 'Each crew is 1 or 2 people' } });
    expect((await patch({ crewSizes: [] })).body.errors).toEqual({ crewSizes: 'Give each crew a size of 1 or 2 people, for 1 to 20 crews' });
    // The count's own message is as it always was.
    expect((await patch({ crews: 0 })).body.errors).toEqual({ crews: 'Crews must be a whole number from 1 to 20' });
    expect(await settings()).toMatchObject({ crews: 3, crewSizes: [2, 1, 1] });
  });

  it('a stored object from before crews had a size reads as crews of two', async () => {
    const current = await settings();
    const { crewSizes: _sizes, ...older } = { ...current, crews: 2 };
    await t.db.update(siteSettings).set({ value: older });
    // Read past the settings' 2-second cache, as the pages do.
    expect(await readSettings(t.db)).toMatchObject({ crews: 2, crewSizes: [2, 2] });
  });
});
