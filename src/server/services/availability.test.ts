import { describe, expect, it } from 'vitest';
import {
  addDays,
  availableSlots,
  checkSlot,
  isOnGrid,
  labelToMinutes,
  minutesToLabel,
  startsAt,
  todayInZone,
  type AvailabilityInput,
} from './availability';

const LA = 'America/Los_Angeles';
// Tuesday 2026-12-01, 9:00 AM in Los Angeles (PST, UTC-8).
const NOW = new Date('2026-12-01T17:00:00Z');
const WEEKDAY = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'];
const SATURDAY = ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM'];

function input(date: string, extra: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return { date, now: NOW, timeZone: LA, bookings: [], businessBlocks: [], overrides: [], ...extra };
}
const labels = (i: AvailabilityInput) => availableSlots(i).map((s) => s.label);

describe('time labels', () => {
  it.each([
    ['12:00 AM', 0],
    ['8:00 AM', 480],
    ['12:00 PM', 720],
    ['1:00 PM', 780],
    ['5:30 PM', 1050],
    ['13:00 PM', null],
    ['09:00 AM', null],
    ['9:00', null],
    ['', null],
  ])('%s -> %s minutes', (label, minutes) => {
    expect(labelToMinutes(label)).toBe(minutes);
    if (minutes !== null) expect(minutesToLabel(minutes)).toBe(label);
  });
});

describe('weekly grid', () => {
  it.each([
    ['2026-12-07', 'Monday', WEEKDAY],
    ['2026-12-08', 'Tuesday', WEEKDAY],
    ['2026-12-09', 'Wednesday', WEEKDAY],
    ['2026-12-10', 'Thursday', WEEKDAY],
    ['2026-12-11', 'Friday', WEEKDAY],
    ['2026-12-12', 'Saturday', SATURDAY],
    ['2026-12-13', 'Sunday', []],
  ])('%s (%s)', (date, _day, expected) => {
    expect(labels(input(date))).toEqual(expected);
    for (const label of WEEKDAY) expect(isOnGrid(date, label)).toBe(expected.includes(label));
  });

  it('gives each slot a stable id and its start instant', () => {
    const slots = availableSlots(input('2026-12-07'));
    expect(slots.map((s) => s.id)).toEqual([800, 900, 1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700]);
    expect(slots[1].startsAt.toISOString()).toBe('2026-12-07T17:00:00.000Z');
  });

  it('accepts only exact grid labels', () => {
    expect(isOnGrid('2026-12-07', '9:00 AM')).toBe(true);
    expect(isOnGrid('2026-12-07', '9:30 AM')).toBe(false);
    expect(isOnGrid('2026-12-07', '6:00 PM')).toBe(false);
    expect(isOnGrid('2026-12-07', '7:00 AM')).toBe(false);
    expect(isOnGrid('2026-12-12', '3:00 PM')).toBe(true);
    expect(isOnGrid('2026-12-12', '4:00 PM')).toBe(false);
    expect(checkSlot(input('2026-12-07'), '9:30 AM')).toBe('off_grid');
    expect(checkSlot(input('2026-12-13'), '9:00 AM')).toBe('off_grid');
  });
});

describe('notice and booking window', () => {
  it.each([
    ['exactly 2 hours ahead is offered', '2026-12-01T17:00:00Z', '11:00 AM'],
    ['one minute later it is gone', '2026-12-01T17:01:00Z', '12:00 PM'],
    ['before opening, the whole day minus 2 hours', '2026-12-01T14:00:00Z', '8:00 AM'],
  ])('%s', (_name, now, first) => {
    expect(labels(input('2026-12-01', { now: new Date(now) }))[0]).toBe(first);
  });

  it('offers nothing today after 3 PM', () => {
    expect(labels(input('2026-12-01', { now: new Date('2026-12-01T23:00:01Z') }))).toEqual([]);
  });

  it.each([
    ['yesterday', '2026-11-30', []],
    ['today + 90 days (last day of the window)', '2027-03-01', WEEKDAY],
    ['today + 91 days', '2027-03-02', []],
  ])('%s', (_name, date, expected) => {
    expect(labels(input(date))).toEqual(expected);
  });

  it('counts "today" in the business zone, not in UTC', () => {
    // 11:30 PM on Dec 1 in Los Angeles is already Dec 2 in UTC.
    const lateEvening = new Date('2026-12-02T07:30:00Z');
    expect(todayInZone(lateEvening, LA)).toBe('2026-12-01');
    expect(todayInZone(lateEvening, 'UTC')).toBe('2026-12-02');
    expect(checkSlot(input('2027-03-01', { now: lateEvening }), '9:00 AM')).toBe('available');
    expect(checkSlot(input('2027-03-02', { now: lateEvening }), '9:00 AM')).toBe('outside_window');
    expect(labels(input('2026-12-01', { now: lateEvening }))).toEqual([]);
  });
});

describe('bookings, blocks and overrides', () => {
  const date = '2026-12-07';
  it.each([
    ['pending with a valid hold', { status: 'pending', holdExpiresAt: new Date('2026-12-01T17:30:00Z') }, false],
    ['pending whose hold expired', { status: 'pending', holdExpiresAt: new Date('2026-12-01T17:00:00Z') }, true],
    ['pending without a hold end', { status: 'pending', holdExpiresAt: null }, false],
    ['confirmed', { status: 'confirmed', holdExpiresAt: null }, false],
    ['rescheduling', { status: 'rescheduling', holdExpiresAt: null }, false],
    ['cancelled', { status: 'cancelled', holdExpiresAt: null }, true],
    ['completed', { status: 'completed', holdExpiresAt: null }, true],
  ])('a %s booking: slot offered = %s', (_name, booking, offered) => {
    const i = input(date, { bookings: [{ bookingTime: '10:00 AM', ...booking }] });
    expect(labels(i).includes('10:00 AM')).toBe(offered);
    expect(labels(i)).toHaveLength(offered ? 10 : 9);
    if (!offered) expect(checkSlot(i, '10:00 AM')).toBe('held');
  });

  it('business blocks close the slots they overlap', () => {
    const i = input(date, { businessBlocks: [{ time: '10:00 AM', endTime: '11:00 AM' }, { time: '1:00 PM', endTime: '3:00 PM' }, { time: '5:00 PM' }] });
    expect(labels(i)).toEqual(['8:00 AM', '9:00 AM', '11:00 AM', '12:00 PM', '3:00 PM', '4:00 PM']);
    expect(checkSlot(i, '2:00 PM')).toBe('closed');
  });

  it("hides the viewer's own blocks only from that viewer", () => {
    const viewer = input(date, { viewerBlocks: [{ time: '9:00 AM', endTime: '10:00 AM' }] });
    expect(labels(viewer)).not.toContain('9:00 AM');
    expect(checkSlot(viewer, '9:00 AM')).toBe('viewer_blocked');
    expect(labels(input(date))).toContain('9:00 AM');
  });

  it('overrides close a slot and open extra ones', () => {
    const i = input(date, {
      overrides: [
        { slotTime: '9:00 AM', isAvailable: false },
        { slotTime: '7:00 PM', isAvailable: true },
        { slotTime: '8:00 AM', isAvailable: true },
      ],
    });
    expect(labels(i)).toEqual([...WEEKDAY.filter((l) => l !== '9:00 AM'), '7:00 PM']);
    expect(labels(input('2026-12-13', { overrides: [{ slotTime: '10:00 AM', isAvailable: true }] }))).toEqual(['10:00 AM']);
  });

  it('an opened slot is still subject to bookings and blocks', () => {
    const i = input('2026-12-13', {
      overrides: [{ slotTime: '10:00 AM', isAvailable: true }, { slotTime: '11:00 AM', isAvailable: true }],
      bookings: [{ bookingTime: '10:00 AM', status: 'confirmed', holdExpiresAt: null }],
      businessBlocks: [{ time: '11:00 AM', endTime: '12:00 PM' }],
    });
    expect(labels(i)).toEqual([]);
  });
});

describe('daylight saving time (America/Los_Angeles, 2026)', () => {
  it.each([
    ['Saturday before spring forward (PST)', '2026-03-07', '9:00 AM', '2026-03-07T17:00:00.000Z'],
    ['spring-forward Sunday (PDT from 3 AM)', '2026-03-08', '9:00 AM', '2026-03-08T16:00:00.000Z'],
    ['Monday after spring forward (PDT)', '2026-03-09', '8:00 AM', '2026-03-09T15:00:00.000Z'],
    ['Saturday before fall back (PDT)', '2026-10-31', '9:00 AM', '2026-10-31T16:00:00.000Z'],
    ['fall-back Sunday (PST from 1 AM)', '2026-11-01', '9:00 AM', '2026-11-01T17:00:00.000Z'],
    ['Monday after fall back (PST)', '2026-11-02', '8:00 AM', '2026-11-02T16:00:00.000Z'],
  ])('%s: %s %s', (_name, date, label, iso) => {
    expect(startsAt(date, label, LA).toISOString()).toBe(iso);
  });

  it('both change days are Sundays: closed unless the owner opens a slot', () => {
    for (const [date, now] of [
      ['2026-03-08', '2026-03-01T17:00:00Z'],
      ['2026-11-01', '2026-10-25T17:00:00Z'],
    ]) {
      expect(labels(input(date, { now: new Date(now) }))).toEqual([]);
      const opened = availableSlots(input(date, { now: new Date(now), overrides: [{ slotTime: '9:00 AM', isAvailable: true }, { slotTime: '5:00 PM', isAvailable: true }] }));
      expect(opened.map((s) => s.label)).toEqual(['9:00 AM', '5:00 PM']);
      expect(opened[1].startsAt.getTime() - opened[0].startsAt.getTime()).toBe(8 * 3_600_000);
    }
  });

  it('applies the 2-hour notice across the change', () => {
    // 1:30 AM PST on Mar 8 = 09:30Z; two hours later is 4:30 AM PDT (11:30Z), not 3:30 AM.
    const now = new Date('2026-03-08T09:30:00Z');
    expect(todayInZone(now, LA)).toBe('2026-03-08');
    const i = input('2026-03-08', { now, overrides: [{ slotTime: '4:00 AM', isAvailable: true }, { slotTime: '5:00 AM', isAvailable: true }] });
    expect(labels(i)).toEqual(['5:00 AM']);
    // Fall back: 11:30 PM PDT Oct 31 = 06:30Z Nov 1; the next day is Nov 1 in LA.
    expect(todayInZone(new Date('2026-11-01T06:30:00Z'), LA)).toBe('2026-10-31');
    expect(todayInZone(new Date('2026-11-01T07:30:00Z'), LA)).toBe('2026-11-01');
    expect(labels(input('2026-11-02', { now: new Date('2026-11-01T08:30:00Z') }))).toEqual(WEEKDAY);
  });

  it('adds calendar days, not 24-hour periods', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-12-01', 90)).toBe('2027-03-01');
  });
});
