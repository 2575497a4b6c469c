import { readFileSync } from 'node:fs';
import { parseBusyFeed } from './calendar-import';

/**
 * Feed cases whose results must not depend on the process's own zone; calendar-import.tz.test.ts
 * runs them here and in child processes started with other TZ values and compares the output.
 */
const FEEDS = ['google-owner.ics', 'icloud-owner.ics', 'outlook-owner.ics', 'bare-iana-tzids.ics'];
const WINDOWS = [
  { from: new Date('2026-10-01T07:00:00Z'), to: new Date('2026-12-01T08:00:00Z'), timeZone: 'America/Los_Angeles' },
  { from: new Date('2026-10-01T04:00:00Z'), to: new Date('2026-12-01T05:00:00Z'), timeZone: 'America/New_York' },
];

export function runCases(): unknown {
  return FEEDS.flatMap((name) => {
    const text = readFileSync(new URL(`../../../../tests/fixtures/ics/${name}`, import.meta.url), 'utf8');
    return WINDOWS.map((w) => parseBusyFeed(text, w).busy.map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString()]));
  });
}
