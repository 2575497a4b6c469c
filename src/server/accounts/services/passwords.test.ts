import { describe, expect, it } from 'vitest';
import { hashPassword, UNUSABLE_PASSWORD, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('stores scrypt parameters, a per-user salt and the hash', async () => {
    const stored = await hashPassword('correct horse battery');
    const parts = stored.split('$');
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(parts[4], 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5], 'base64')).toHaveLength(64);
    expect(stored).not.toContain('correct horse battery');
  });

  it('salts every hash differently', async () => {
    const a = await hashPassword('same password');
    const b = await hashPassword('same password');
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('accepts the right password and refuses others', async () => {
    const stored = await hashPassword('s3cret-pass');
    expect(await verifyPassword('s3cret-pass', stored)).toBe(true);
    expect(await verifyPassword('s3cret-Pass', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const stored = await hashPassword('parameters');
    const [, , , , salt, hash] = stored.split('$');
    // A hash made with other parameters must not verify under the defaults.
    const tampered = ['scrypt', '1024', '8', '1', salt, hash].join('$');
    expect(await verifyPassword('parameters', tampered)).toBe(false);
  });

  it.each([
    UNUSABLE_PASSWORD,
    '',
    'plain',
    'scrypt$abc$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
    'scrypt$3$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
    'scrypt$1073741824$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
    'bcrypt$16384$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
  ])('never matches the malformed or unusable hash %j', async (stored) => {
    expect(await verifyPassword('anything-at-all', stored)).toBe(false);
  });

  it('runs a dummy check that always fails', async () => {
    expect(await verifyAgainstDummy('whatever1')).toBe(false);
  });
});
