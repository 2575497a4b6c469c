import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';

/**
 * Migration 0010 on a live site's outbox: emails and texts sent before it lose their bodies (and
 * the links in them), those still pending or failed keep theirs.
 */
const { serverUrl } = inject('testDatabase');
const name = `site_migrate_${randomBytes(6).toString('hex')}`;
const TAG = '0010_sent_messages_without_bodies';
let client: pg.Client;

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

async function runMigration(tag: string) {
  const sql = readFileSync(join(migrationsFolder(), `${tag}.sql`), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) if (statement.trim()) await client.query(statement);
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const tags = journal.entries.map((e) => e.tag);
  for (const tag of tags.slice(0, tags.indexOf(TAG))) await runMigration(tag);
  const link = 'http://localhost:5000/booking/q3Z8k1xV0bTn4YpLw9sHc2RfGj7mNa5eUd6iKo1rBtE';
  for (const status of ['sent', 'pending', 'failed']) {
    await client.query(
      `insert into email_outbox (kind, to_address, subject, text_body, html_body, attachments, status) values ('booking_confirmed', 'dana@example.com', $1, $2, $3, $4, $5)`,
      [`Confirmed (${status})`, `Manage: ${link}`, `<a href="${link}">Manage</a>`, JSON.stringify([{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }]), status],
    );
    await client.query(`insert into sms_outbox (kind, to_phone, body, status) values ('booking_reminder', '+13105550123', $1, $2)`, [`Change or cancel: ${link}`, status]);
  }
  await runMigration(TAG);
});
afterAll(async () => {
  await client?.end();
  await admin(`drop database if exists ${name} with (force)`);
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
