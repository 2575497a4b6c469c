import { describe, expect, it } from 'vitest';
import { nextRefund, type RefundNews } from './refunds';

const attempt = (refundId: string | null, state: RefundNews['state']): RefundNews => ({ source: 'attempt', refundId, state });
const update = (refundId: string, state: RefundNews['state']): RefundNews => ({ source: 'update', refundId, state });

describe('nextRefund: what news from the provider does to a booking\'s refund', () => {
  it.each<[string, { refundStatus: string; refundId: string | null }, RefundNews, ReturnType<typeof nextRefund>]>([
    ['first answer: pending', { refundStatus: 'pending', refundId: null }, attempt('re_1', 'pending'), { refundStatus: 'pending', refundId: 're_1' }],
    ['first answer: succeeded', { refundStatus: 'pending', refundId: null }, attempt('re_1', 'refunded'), { refundStatus: 'refunded', refundId: 're_1' }],
    ['first answer: an error', { refundStatus: 'pending', refundId: null }, attempt(null, 'failed'), { refundStatus: 'failed', refundId: null }],
    ['a retry after a failure', { refundStatus: 'failed', refundId: 're_1' }, attempt('re_2', 'refunded'), { refundStatus: 'refunded', refundId: 're_2' }],
    ['a retry that errors keeps the failed refund id', { refundStatus: 'failed', refundId: 're_1' }, attempt(null, 'failed'), { refundStatus: 'failed', refundId: 're_1' }],
    ['our answer after the webhook already failed it', { refundStatus: 'failed', refundId: 're_1' }, attempt('re_1', 'pending'), null],
    ['our answer after the webhook already refunded it', { refundStatus: 'refunded', refundId: 're_1' }, attempt('re_1', 'pending'), null],
    ['pending becomes refunded', { refundStatus: 'pending', refundId: 're_1' }, update('re_1', 'refunded'), { refundStatus: 'refunded', refundId: 're_1' }],
    ['pending becomes failed', { refundStatus: 'pending', refundId: 're_1' }, update('re_1', 'failed'), { refundStatus: 'failed', refundId: 're_1' }],
    ['pending reported pending again', { refundStatus: 'pending', refundId: 're_1' }, update('re_1', 'pending'), null],
    ['a report about another refund while one is pending', { refundStatus: 'pending', refundId: 're_1' }, update('re_9', 'refunded'), null],
    ['the webhook before our answer is recorded', { refundStatus: 'pending', refundId: null }, update('re_1', 'refunded'), { refundStatus: 'refunded', refundId: 're_1' }],
    ['refunded is final', { refundStatus: 'refunded', refundId: 're_1' }, update('re_1', 'failed'), null],
    ['a failed refund reported pending (out of order)', { refundStatus: 'failed', refundId: 're_1' }, update('re_1', 'pending'), null],
    ['after a failure, a refund made by hand counts', { refundStatus: 'failed', refundId: 're_1' }, update('re_2', 'refunded'), { refundStatus: 'refunded', refundId: 're_2' }],
    ['nothing owed (kept)', { refundStatus: 'kept', refundId: null }, update('re_1', 'refunded'), null],
    ['nothing owed (none)', { refundStatus: 'none', refundId: null }, attempt('re_1', 'refunded'), null],
  ])('%s', (_name, current, news, expected) => {
    expect(nextRefund(current, news)).toEqual(expected);
  });
});
