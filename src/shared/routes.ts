/** Public pages the server renders to HTML from the database (server/plugins/pages.ts); the rest render in the browser. */
export const SERVER_RENDERED_ROUTES = ['/', '/services', '/gallery', '/testimonials', '/contact', '/estimate', '/book'] as const;

/**
 * Public pages that are documents with islands: the server's HTML with one small loader script,
 * which hydrates only the parts that move (src/client/islands). The rest stay the app.
 */
export const ISLAND_ROUTES = ['/', '/services', '/gallery', '/testimonials', '/contact', '/estimate'] as const;

/**
 * The sign-in screen: rendered by the server too (server/plugins/pages.ts), once per query its page
 * reads (?forgot=1, ?registered=1...), so its forms work without JavaScript.
 */
export const AUTH_ROUTES = ['/auth', '/login', '/register'] as const;

/** A review link: rendered by the server per request (the job it is for), so the review form works without JavaScript. */
export const REVIEW_ROUTE = '/review/:token';

/** Routes rendered in the browser only; the server answers them with the app shell and 200. */
export const CLIENT_ROUTES = [
  '/book/confirmation',
  '/reset-password',
  '/dashboard',
  '/dashboard/bookings',
  '/dashboard/upcoming',
  '/dashboard/profile',
  '/dashboard/availability',
  '/admin',
] as const;

/**
 * Browser-only routes with a path parameter (a guest's private manage link, a quote sent for a free
 * estimate, an invoice to pay); the server answers them with the app shell, kept out of search results.
 */
export const CLIENT_ROUTE_PATTERNS = ['/booking/:token', '/quote/:token', '/invoice/:token'] as const;

/** Whether `path` fits a pattern such as '/booking/:token' (one non-empty segment per parameter). */
export function matchesRoutePattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i].length > 0 : part === have[i]));
}
