import { describe, expect, it } from 'vitest';
import { canActOnBooking, isBeforeNotice, isRefundableAt, NOTICE_MS } from './booking-change';
import { itMaps } from '../../tests/helpers/cases';

const now = new Date('2026-06-15T16:00:00Z');
const H = 3_600_000;

describe('the change rule', () => {
  it('needs 24 hours of notice', () => expect(NOTICE_MS).toBe(24 * H));

  it.each([
    [48 * H, true],
    [24 * H + 1, true],
    [24 * H, true],
    [24 * H - 1, false],
    [H, false],
    [-H, false],
  ])('a start %i ms ahead is before the notice: %s', (ahead, expected) => {
    expect(isBeforeNotice(new Date(now.getTime() + ahead), now)).toBe(expected);
  });

  it.each([
    [true, 'confirmed', 24 * H, true],
    [true, 'pending', 30 * H, true],
    [true, 'confirmed', 24 * H - 60_000, false],
    [false, 'confirmed', 48 * H, false],
    [true, 'rescheduling', 48 * H, false],
    [true, 'cancelled', 48 * H, false],
    [true, 'completed', 48 * H, false],
  ])('paid %s, %s, %i ms ahead: refundable %s', (depositPaid, status, ahead, expected) => {
    expect(isRefundableAt({ depositPaid, status, startsAt: new Date(now.getTime() + ahead) }, now)).toBe(expected);
  });
});

describe('canActOnBooking', () => {
  itMaps(canActOnBooking, [
    ['pending', true],
    ['confirmed', true],
    ['cancelled', false],
    ['completed', false],
    ['rescheduling', false],
  ]);
});
