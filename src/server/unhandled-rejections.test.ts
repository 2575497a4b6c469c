import { describe, expect, it, vi } from 'vitest';
import { onUnhandledRejection } from './unhandled-rejections';

function fakeLog() {
  return { warn: vi.fn(), fatal: vi.fn() } as unknown as Parameters<typeof onUnhandledRejection>[0] & { warn: ReturnType<typeof vi.fn>; fatal: ReturnType<typeof vi.fn> };
}

describe('onUnhandledRejection', () => {
  it.each([
    ['EPIPE', Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' })],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a terminated backend', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
  ])('survives a lost database connection (%s)', (_name, err) => {
    const log = fakeLog();
    const exit = vi.fn();
    onUnhandledRejection(log, exit)(err);
    expect(exit).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it.each([
    ['a TypeError', new TypeError('x is not a function')],
    ['a string', 'boom'],
    ['undefined', undefined],
  ])('ends the process for anything else (%s)', (_name, reason) => {
    const log = fakeLog();
    const exit = vi.fn();
    onUnhandledRejection(log, exit)(reason);
    expect(exit).toHaveBeenCalledWith(1);
    expect(log.fatal).toHaveBeenCalledOnce();
  });
});
