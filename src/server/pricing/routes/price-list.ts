import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { priceListSchema, quoteInputSchema, quoteSchema } from '../../../shared/schemas/price-list';
import { encodeJson, sendEncoded } from '../../plugins/encoded-body';
import { cachedPriceList, quoteFromPriceList } from '../services/price-list';

/**
 * The visitors' price list, answered from memory as the other visitor reads are (kept serialized,
 * compressed and with its ETag until the content version changes), and the instant quote.
 */
export async function priceListRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/price-list', { schema: { response: { 200: priceListSchema } } }, async (request, reply) => {
    const body = await app.contentCache.read('json:price-list', async () => encodeJson(priceListSchema, await cachedPriceList(app.contentCache, app.db)));
    return sendEncoded(request, reply, body);
  });

  app.post('/quote', { schema: { body: quoteInputSchema, response: { 200: quoteSchema } } }, async (request) =>
    quoteFromPriceList(app.db, request.body.serviceType, request.body.items),
  );
}
