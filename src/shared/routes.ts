/** Public pages the server renders to HTML from the database (services/pages.ts); the rest render in the browser. */
export const PRERENDERED_ROUTES = ['/', '/services', '/gallery', '/testimonials', '/contact', '/book'] as const;

/** Routes rendered in the browser only; the server answers them with the app shell and 200. */
export const CLIENT_ROUTES = [
  '/book/confirmation',
  '/auth',
  '/login',
  '/register',
  '/reset-password',
  '/dashboard',
  '/dashboard/bookings',
  '/dashboard/upcoming',
  '/dashboard/profile',
  '/dashboard/availability',
  '/admin',
] as const;

export function isKnownPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PRERENDERED_ROUTES as readonly string[]).includes(path) || (CLIENT_ROUTES as readonly string[]).includes(path);
}
