import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, messageSchema } from '../../../shared/schemas/common';
import { galleryItemSchema } from '../../../shared/schemas/content';
import { galleryImageUploadSchema, galleryItemInputSchema } from '../../../shared/schemas/admin';
import { createGalleryItem, editGalleryItem, listGallery, removeGalleryItem, replaceGalleryImage, type GalleryLog } from '../services/gallery';

/** A JSON data URL of up to 1.5 MB of image is about 2 MB of text; only the upload route takes it. */
const UPLOAD_BODY_LIMIT = 2_400_000;

/** The owner's gallery: its items and their images. */
export async function adminGalleryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const galleryDeps = (log: GalleryLog) => ({ db: app.db, log, now: app.now() });

  app.get('/gallery', { schema: { response: { 200: z.array(galleryItemSchema) } } }, async () => listGallery(app.db));

  app.post('/gallery', { schema: { body: galleryItemInputSchema, response: { 201: galleryItemSchema } } }, async (request, reply) => {
    reply.status(201);
    return createGalleryItem(galleryDeps(request.log), request.body);
  });

  app.put('/gallery/:id', { schema: { params: idParamSchema, body: galleryItemInputSchema, response: { 200: galleryItemSchema } } }, async (request) =>
    editGalleryItem(galleryDeps(request.log), request.params.id, request.body),
  );

  app.delete('/gallery/:id', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await removeGalleryItem(galleryDeps(request.log), request.params.id);
    return { message: 'Gallery item deleted.' };
  });

  app.post(
    '/gallery/:id/image',
    { bodyLimit: UPLOAD_BODY_LIMIT, schema: { params: idParamSchema, body: galleryImageUploadSchema, response: { 200: galleryItemSchema } } },
    async (request) => replaceGalleryImage(galleryDeps(request.log), request.params.id, request.body.dataUrl),
  );
}
