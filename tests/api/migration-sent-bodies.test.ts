import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMigrationDatabase, type MigrationDatabase } from '../helpers/migration-database';

/**
 * Migration 0010 on a live site's outbox: emails and texts sent before it lose their bodies (and
 * the links in them), those still pending or failed keep theirs.
 */
const { serverUrl } = inject('testDatabase');
const TAG = '0010_sent_messages_without_bodies';
let db: MigrationDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await openMigrationDatabase(serverUrl);
  client = db.client;
  await db.runBefore(TAG);
  const link = 'http://localhost:5000/booking/q3Z8k1xV0bTn4YpLw9sHc2RfGj7mNa5eUd6iKo1rBtE';
  for (const status of ['sent', 'pending', 'failed']) {
    await client.query(
      `insert into email_outbox (kind, to_address, subject, text_body, html_body, attachments, status) values ('booking_confirmed', 'dana@example.com', $1, $2, $3, $4, $5)`,
      [`Confirmed (${status})`, `Manage: ${link}`, `<a href="${link}">Manage</a>`, JSON.stringify([{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }]), status],
    );
    await client.query(`insert into sms_outbox (kind, to_phone, body, status) values ('booking_reminder', '+13105550123', $1, $2)`, [`Change or cancel: ${link}`, status]);
  }
  await db.run(TAG);
});
afterAll(async () => {
  await db?.drop();
});

describe('migration 0010', () => {
  it('empties the bodies of emails and texts already sent and keeps the rest', async () => {
    const emails = (await client.query(`select subject, status, text_body, html_body, attachments from email_outbox order by id`)).rows;
    expect(emails.map((e) => [e.subject, e.text_body === '', e.html_body === null, e.attachments.length])).toEqual([
      ['Confirmed (sent)', true, true, 0],
      ['Confirmed (pending)', false, false, 1],
      ['Confirmed (failed)', false, false, 1],
    ]);
    const texts = (await client.query(`select status, body from sms_outbox order by id`)).rows;
    expect(texts.map((t) => [t.status, t.body === ''])).toEqual([
      ['sent', true],
      ['pending', false],
      ['failed', false],
    ]);
  });
});
