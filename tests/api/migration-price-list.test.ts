import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMigrationDatabase, type MigrationDatabase } from '../helpers/migration-database';

/**
 * Migration 0013 on a live site: the price list's tables come empty (the seed fills them once, at
 * the next start), and the stored crews become crews of two, as many as there were.
 */
const { serverUrl } = inject('testDatabase');
const TAG = '0013_price_list';

describe('migration 0013', () => {
  let db: MigrationDatabase;
  let client: pg.Client;
  const settingsAfter = async (value: unknown) => {
    await client.query(`delete from site_settings`);
    await client.query(`insert into site_settings (id, value) values (1, $1)`, [JSON.stringify(value)]);
    await db.run(TAG);
    return (await client.query(`select value from site_settings`)).rows[0].value;
  };

  beforeAll(async () => {
    db = await openMigrationDatabase(serverUrl);
    client = db.client;
    await db.runBefore(TAG);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('gives each stored crew a size of two and keeps everything else', async () => {
    expect(await settingsAfter({ crews: 3, travelBufferMinutes: 45, serviceZips: ['90401'] })).toEqual({ crews: 3, crewSizes: [2, 2, 2], travelBufferMinutes: 45, serviceZips: ['90401'] });
    const [counts] = (await client.query(`select (select count(*)::int from price_items) as items, (select count(*)::int from price_add_ons) as add_ons, (select count(*)::int from seed_marks) as marks`)).rows;
    expect(counts).toEqual({ items: 0, add_ons: 0, marks: 0 });
  });
});

describe('migration 0013 on settings it cannot read', () => {
  // Each case on its own scratch database: the migration runs once per database.
  it.each([
    ['no crews stored (the first values apply)', { travelBufferMinutes: 15 }],
    ['crews out of range', { crews: 40 }],
    ['crews as text', { crews: '2' }],
    ['sizes already there', { crews: 2, crewSizes: [1, 2] }],
  ])('%s: left as it was', async (_label, value) => {
    const db = await openMigrationDatabase(serverUrl);
    try {
      await db.runBefore(TAG);
      await db.client.query(`insert into site_settings (id, value) values (1, $1)`, [JSON.stringify(value)]);
      await db.run(TAG);
      expect((await db.client.query(`select value from site_settings`)).rows[0].value).toEqual(value);
    } finally {
      await db.drop();
    }
  });
});
