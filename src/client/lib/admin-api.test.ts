import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { adminListCalls } from './admin-api';

const itemSchema = z.object({ id: z.number(), name: z.string() });
const calls = adminListCalls<z.infer<typeof itemSchema>, { name: string }>('/api/admin/things', itemSchema, z.array(itemSchema));

function reply(body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adminListCalls', () => {
  it.each([
    ['create', () => calls.create({ name: 'A' }), { id: 1, name: 'A' }, 'POST', '/api/admin/things', '{"name":"A"}'],
    ['update', () => calls.update({ id: 3, values: { name: 'B' } }), { id: 3, name: 'B' }, 'PUT', '/api/admin/things/3', '{"name":"B"}'],
    ['remove', () => calls.remove(3), { message: 'Deleted.' }, 'DELETE', '/api/admin/things/3', undefined],
    ['reorder', () => calls.reorder([2, 1]), [{ id: 2, name: 'B' }, { id: 1, name: 'A' }], 'PUT', '/api/admin/things/order', '{"ids":[2,1]}'],
  ] as const)('%s sends its method, URL and body, and returns the parsed reply', async (_name, call, answer, method, url, body) => {
    const fetch = reply(answer);
    await expect(call()).resolves.toEqual(answer);
    expect(fetch).toHaveBeenCalledWith(url, expect.objectContaining({ method, body }));
  });

  it('rejects a reply of another shape', async () => {
    reply({ id: 'one' });
    await expect(calls.create({ name: 'A' })).rejects.toThrow(/id/);
  });
});
