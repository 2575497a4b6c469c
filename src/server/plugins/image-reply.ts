import type { FastifyReply } from 'fastify';

/**
 * Sends a stored image (a gallery upload, an estimate's photo) with its own type, never sniffed as
 * another, and a policy that keeps anything inside it inert (an SVG opened directly runs no script
 * and loads nothing). `cacheControl` says who may keep it and how long.
 */
export function sendImage(reply: FastifyReply, image: { contentType: string; data: Buffer }, cacheControl: string) {
  return reply
    .header('content-type', image.contentType)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .send(image.data);
}
