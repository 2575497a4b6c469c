import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CalendarFeedError, parseBusyFeed, type BusyWindow } from './calendar-import';
import { CalendarTooLargeError, MAX_FEED_LINES, parseBusyFeedInWorker } from './calendar-parse';

// Oct 1 to Dec 1, 2026, midnight to midnight in Los Angeles.
const WINDOW: BusyWindow = { from: new Date('2026-10-01T07:00:00Z'), to: new Date('2026-12-01T08:00:00Z'), timeZone: 'America/Los_Angeles' };
const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/ics/${name}`, import.meta.url), 'utf8');

/** A legal feed under the 5 MB fetch cap: one event carrying `count` tiny properties. */
function tinyProperties(count: number): string {
  const event = 'BEGIN:VEVENT\r\nUID:tiny@example.com\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261008T170000Z\r\nDTEND:20261008T180000Z\r\n';
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n${event}${'X:1\r\n'.repeat(count)}END:VEVENT\r\nEND:VCALENDAR\r\n`;
}

describe('parseBusyFeedInWorker', () => {
  it('reads a feed in a worker to the same result as parseBusyFeed', async () => {
    const text = fixture('google-owner.ics');
    const feed = await parseBusyFeedInWorker(text, WINDOW);
    expect(feed).toEqual(parseBusyFeed(text, WINDOW));
    expect(feed.busy[0].startsAt).toBeInstanceOf(Date);
    expect(feed.busy).toHaveLength(11);
  });

  it('passes on the CalendarFeedError of text that is not iCalendar', async () => {
    const read = parseBusyFeedInWorker('<html>Sign in</html>', WINDOW);
    await expect(read).rejects.toThrow(CalendarFeedError);
    await expect(read).rejects.toThrow(/^The address did not return an iCalendar \(\.ics\) feed\.$/);
  });

  it('refuses a feed of more lines than it reads before starting to parse it', async () => {
    const text = tinyProperties(1_000_000);
    expect(Buffer.byteLength(text)).toBeLessThan(5 * 1024 * 1024);
    const started = Date.now();
    const read = parseBusyFeedInWorker(text, WINDOW);
    await expect(read).rejects.toThrow(CalendarTooLargeError);
    await expect(read).rejects.toThrow(/^This calendar is too large to read \(more than 300,000 lines\)\.$/);
    expect(Date.now() - started).toBeLessThan(1000);
    // Folded lines are part of their property: a long description does not count against the cap.
    const folded = tinyProperties(MAX_FEED_LINES - 20).replace('X:1\r\n', () => `DESCRIPTION:${'\r\n x'.repeat(100)}\r\n`);
    await expect(parseBusyFeedInWorker(folded, WINDOW)).resolves.toMatchObject({ events: 1, busy: [{ startsAt: new Date('2026-10-08T17:00:00Z') }] });
  });

  it('ends a parse that outgrows its memory with that feed’s error, and the next feed is read', async () => {
    const read = parseBusyFeedInWorker(tinyProperties(1_000_000), WINDOW, { maxLines: Infinity, memoryMb: 32 });
    await expect(read).rejects.toThrow(CalendarTooLargeError);
    await expect(read).rejects.toThrow(/^This calendar is too large to read \(it needs more than 32 MB of memory\)\.$/);
    await expect(parseBusyFeedInWorker(fixture('one-appointment.ics'), WINDOW)).resolves.toMatchObject({ events: 1 });
  });

  it('ends a parse that takes too long with that feed’s error', async () => {
    const read = parseBusyFeedInWorker(tinyProperties(1_000_000), WINDOW, { maxLines: Infinity, timeoutMs: 200 });
    await expect(read).rejects.toThrow(CalendarTooLargeError);
    await expect(read).rejects.toThrow(/^This calendar took too long to read \(more than 0\.2 seconds\)\.$/);
  });
});
