import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors';
import { getUpload } from '../services/gallery';
import { sendImage } from '../../plugins/image-reply';

/**
 * GET /uploads/:file serves the images the owner uploaded (stored in the database, so every
 * instance has them). Each has a random name that is never reused, so it is cached for a year;
 * the strict CSP makes an uploaded SVG inert (no scripts, no external loads) even when opened
 * directly. Registered at the root prefix.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
    const upload = await getUpload(app.db, request.params.file);
    if (!upload) throw new NotFoundError('Image not found.');
    return sendImage(reply, upload, 'public, max-age=31536000, immutable');
  });
}
