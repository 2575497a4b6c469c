import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** Only names the upload itself makes: 32 hex characters and a known extension (no traversal). */
const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|svg)$/;

/**
 * GET /uploads/:file serves the images the owner uploaded (DATA_DIR/uploads). Register at the
 * root prefix. Each file has a random name that is never reused, so it is cached for a year; the
 * strict CSP makes an uploaded SVG inert (no scripts, no external loads) even when opened directly.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
    const match = UPLOAD_NAME.exec(request.params.file);
    if (!match) throw new NotFoundError('Image not found.');
    let bytes: Buffer;
    try {
      bytes = await readFile(join(app.config.dataDir, 'uploads', request.params.file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError('Image not found.');
      throw err;
    }
    return reply
      .header('content-type', CONTENT_TYPES[match[1]])
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
