import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/schemas/common';
import { adminEstimateListSchema, adminEstimateSchema, createQuoteSchema, declineEstimateSchema, estimatePhotoParamsSchema } from '../../../shared/schemas/estimates';
import { clockDeps } from '../../route-deps';
import { sendImage } from '../../plugins/image-reply';
import { createQuote, declineEstimate, getEstimateForOwner, listEstimatesForOwner, readEstimatePhoto } from '../services/admin-estimates';

/** The owner's Requests screen (registered under /api/admin, behind requireAdmin). */
export async function adminEstimatesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ ...clockDeps(app), publicUrl: app.config.publicUrl, textsEnabled: app.config.twilio !== null });

  app.get('/estimates', { schema: { response: { 200: adminEstimateListSchema } } }, async () => listEstimatesForOwner(deps()));

  app.get('/estimates/:id', { schema: { params: idParamSchema, response: { 200: adminEstimateSchema } } }, async (request) => getEstimateForOwner(deps(), request.params.id));

  app.get('/estimates/:id/photos/:n', { schema: { params: estimatePhotoParamsSchema } }, async (request, reply) => {
    const photo = await readEstimatePhoto(app.db, request.params.id, request.params.n);
    // A customer's photo of their home: kept by the owner's browser only, never by a shared cache.
    return sendImage(reply, photo, 'private, max-age=86400');
  });

  app.post('/estimates/:id/quote', { schema: { params: idParamSchema, body: createQuoteSchema, response: { 201: adminEstimateSchema } } }, async (request, reply) => {
    reply.status(201);
    return createQuote(deps(), request.params.id, request.body);
  });

  app.post('/estimates/:id/decline', { schema: { params: idParamSchema, body: declineEstimateSchema, response: { 200: adminEstimateSchema } } }, async (request) =>
    declineEstimate(deps(), request.params.id, request.body.reason),
  );
}
