import { afterEach, describe, expect, it, vi } from 'vitest';
import { userSchema } from '../../shared/schemas/auth';
import { paymentIntentSchema } from '../../shared/schemas/booking';
import { ApiError, apiJson, getJson, getJsonOr401 } from './api';

/** The network, answered at the fetch layer. */
function reply(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('responses are parsed with their schema', () => {
  it('returns the parsed reply, without fields the schema does not name', async () => {
    const fetch = reply(200, { clientSecret: 'pi_1_secret_2', extra: 'dropped' });
    await expect(apiJson('POST', '/api/create-payment-intent', paymentIntentSchema, { bookingId: 1 })).resolves.toEqual({ clientSecret: 'pi_1_secret_2' });
    expect(fetch).toHaveBeenCalledWith('/api/create-payment-intent', expect.objectContaining({ method: 'POST', body: '{"bookingId":1}', credentials: 'include' }));
  });

  it('rejects a reply of another shape instead of handing it on', async () => {
    reply(200, { clientSecret: 42 });
    await expect(apiJson('POST', '/api/create-payment-intent', paymentIntentSchema)).rejects.toThrow(/clientSecret/);
  });

  it('accepts a schema that is still loading', async () => {
    reply(200, { clientSecret: 's' });
    await expect(getJson('/x', Promise.resolve(paymentIntentSchema))).resolves.toEqual({ clientSecret: 's' });
  });

  it('turns a non-OK answer into an ApiError with its code, and a 401 into null where asked', async () => {
    reply(409, { message: 'Taken.', code: 'SLOT_TAKEN' });
    await expect(getJson('/x', paymentIntentSchema)).rejects.toMatchObject({ status: 409, code: 'SLOT_TAKEN', serverMessage: 'Taken.' });
    reply(401, { message: 'Sign in.', code: 'UNAUTHENTICATED' });
    await expect(getJsonOr401('/api/auth/user', userSchema)).resolves.toBeNull();
    reply(500, { message: 'Oops.', code: 'INTERNAL' });
    await expect(getJsonOr401('/api/auth/user', userSchema)).rejects.toBeInstanceOf(ApiError);
  });
});
