import { describe, expect, it } from 'vitest';
import { REFUND_STATUSES } from '../../../../shared/constants';
import { refundNote } from './format';

describe('refundNote', () => {
  it('shows a started refund as on its way, never as refunded', () => {
    const note = refundNote('pending')!;
    expect(note.title).toBe('Refund on its way.');
    expect(`${note.title} ${note.text}`).not.toMatch(/refunded/i);
  });

  it('says refunded only for a refund the provider completed', () => {
    const saysRefunded = REFUND_STATUSES.filter((s) => /refunded/i.test(JSON.stringify(refundNote(s))));
    expect(saysRefunded).toEqual(['refunded']);
  });

  it('says nothing when no deposit was paid or owed', () => {
    expect(refundNote('none')).toBeNull();
  });
});
