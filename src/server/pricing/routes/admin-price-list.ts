import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clockDeps } from '../../route-deps';
import { idParamSchema, messageSchema } from '../../../shared/schemas/common';
import {
  adminPriceAddOnSchema,
  adminPriceAddOnsSchema,
  adminPriceItemSchema,
  adminPriceItemsSchema,
  priceAddOnInputSchema,
  priceAddOnPatchSchema,
  priceItemInputSchema,
  priceItemPatchSchema,
} from '../../../shared/schemas/admin-price-list';
import {
  createAddOn,
  createPriceItem,
  editAddOn,
  editPriceItem,
  listAddOnsForAdmin,
  listPriceItemsForAdmin,
  removeAddOn,
  removePriceItem,
} from '../services/admin-price-list';

/** The owner's price list: items and add-ons. Registered inside the admin routes, whose hook requires an admin. */
export async function adminPriceListRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/price-items', { schema: { response: { 200: adminPriceItemsSchema } } }, async () => listPriceItemsForAdmin(app.db));

  app.post('/price-items', { schema: { body: priceItemInputSchema, response: { 201: adminPriceItemSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPriceItem(clockDeps(app), request.body)),
  );

  app.patch('/price-items/:id', { schema: { params: idParamSchema, body: priceItemPatchSchema, response: { 200: adminPriceItemSchema } } }, async (request) =>
    editPriceItem(clockDeps(app), request.params.id, request.body),
  );

  app.delete('/price-items/:id', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await removePriceItem(clockDeps(app), request.params.id);
    return { message: 'Price list item deleted.' };
  });

  app.get('/price-add-ons', { schema: { response: { 200: adminPriceAddOnsSchema } } }, async () => listAddOnsForAdmin(app.db));

  app.post('/price-add-ons', { schema: { body: priceAddOnInputSchema, response: { 201: adminPriceAddOnSchema } } }, async (request, reply) =>
    reply.status(201).send(await createAddOn(clockDeps(app), request.body)),
  );

  app.patch('/price-add-ons/:id', { schema: { params: idParamSchema, body: priceAddOnPatchSchema, response: { 200: adminPriceAddOnSchema } } }, async (request) =>
    editAddOn(clockDeps(app), request.params.id, request.body),
  );

  app.delete('/price-add-ons/:id', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await removeAddOn(clockDeps(app), request.params.id);
    return { message: 'Add-on deleted.' };
  });
}
