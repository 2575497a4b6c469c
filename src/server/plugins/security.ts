import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { ForbiddenError } from '../errors';

/** Content-Security-Policy: only our own origin, plus the third parties that are configured. */
export function contentSecurityPolicy(config: Config) {
  const script = ["'self'"];
  const frame: string[] = [];
  const connect = ["'self'"];
  // blob: the estimate form's thumbnails, object URLs of the photos the visitor picked (only a
  // script of this page can make one).
  const img = ["'self'", 'data:', 'blob:'];
  const style = ["'self'", "'unsafe-inline'"];
  if (config.payments.provider === 'stripe') {
    script.push('https://js.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connect.push('https://api.stripe.com');
    img.push('https://*.stripe.com');
  }
  if (config.google) {
    script.push('https://accounts.google.com/gsi/client');
    frame.push('https://accounts.google.com/gsi/');
    connect.push('https://accounts.google.com/gsi/');
    style.push('https://accounts.google.com/gsi/style');
    img.push('https://lh3.googleusercontent.com');
  }
  if (config.recaptcha) {
    script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    frame.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
    connect.push('https://www.google.com/recaptcha/');
  }
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: script,
      styleSrc: style,
      imgSrc: img,
      connectSrc: connect,
      fontSrc: ["'self'", 'data:'],
      frameSrc: frame.length ? frame : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: config.isProduction ? [] : null,
    },
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Helmet's headers for this configuration, worked out once: they are the same for every reply,
 * and helmet run per request spent more time rebuilding the CSP string than a cached reply takes.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  const middleware = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction ? undefined : false,
    // Other sites learn nothing of where a visitor came from, as with no-referrer; but under
    // no-referrer a browser sends `Origin: null` on our own pages' form posts, and the Origin
    // check (below) could not tell them from a forgery.
    referrerPolicy: { policy: 'same-origin' },
  });
  let failed: unknown;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return headers;
}

/**
 * Security headers, and the rule that a browser's write must come from our own origin
 * (a second line behind SameSite cookies and the JSON-only body parser).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  const allowed = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    // The API takes JSON only, which a page of another site cannot send without a preflight (but
    // for POST /api/estimates, multipart, which needs no session: a forged one is refused here by
    // the browser's Origin, as any other site's post). The
    // pages' forms (plugins/form-posts.ts) take form bodies, which any site can post, and the session
    // cookie is SameSite=Lax, which lets a top-level POST from another site through: there the
    // Referer stands in when a browser sends no Origin. A request with neither is no browser's
    // (every current browser sends Origin on a POST), so it cannot carry a visitor's cookies
    // into a forgery, and is let through as the API's rule always has.
    const isForm = !request.url.startsWith('/api/');
    const origin = request.headers.origin ?? (isForm ? originOf(request.headers.referer) : undefined);
    if (!origin) return;
    if (allowed.has(origin)) return;
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host && host === request.headers.host) return;
    throw new ForbiddenError('This request must come from the site itself.');
  });
});

/** The origin of a Referer header ('null' for one that is not a URL, which no origin matches). */
function originOf(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
