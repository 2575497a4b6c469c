import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchesRoutePattern } from '../../shared/routes';

interface PageRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  Component: ComponentType;
}

/**
 * A page's component: once its chunk has loaded (the entry loads the landing page's before
 * hydrating), the page itself, rendered at once; before that, a lazy one that suspends. A lazy
 * component suspends on its first render even when its chunk is already there, and hydration
 * must find the page, not a fallback, where the server's HTML has it.
 */
function page(path: string, importPage: () => Promise<{ default: ComponentType }>): PageRoute {
  let loaded: ComponentType | undefined;
  const load = () =>
    importPage().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy: LazyExoticComponent<ComponentType> = lazy(load);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { path, load, Component: Page };
}

/**
 * Every page is its own chunk. The entry loads the chunk of the page it lands on before
 * hydrating, so server-rendered HTML hydrates without a flash.
 */
export const PAGE_ROUTES = {
  home: page('/', () => import('./pages/home-page')),
  services: page('/services', () => import('./pages/services-page')),
  gallery: page('/gallery', () => import('./pages/gallery-page')),
  testimonials: page('/testimonials', () => import('./pages/testimonials-page')),
  contact: page('/contact', () => import('./pages/contact-page')),
  estimate: page('/estimate', () => import('./pages/estimate-page')),
  book: page('/book', () => import('./pages/book-page')),
  bookConfirmation: page('/book/confirmation', () => import('./pages/book-confirmation-page')),
  auth: page('/auth', () => import('./pages/auth-page')),
  login: page('/login', () => import('./pages/auth-page')),
  register: page('/register', () => import('./pages/auth-page')),
  resetPassword: page('/reset-password', () => import('./pages/reset-password-page')),
  dashboard: page('/dashboard', () => import('./pages/dashboard/dashboard-home-page')),
  dashboardBookings: page('/dashboard/bookings', () => import('./pages/dashboard/bookings-page')),
  dashboardUpcoming: page('/dashboard/upcoming', () => import('./pages/dashboard/upcoming-page')),
  dashboardProfile: page('/dashboard/profile', () => import('./pages/dashboard/profile-page')),
  dashboardAvailability: page('/dashboard/availability', () => import('./pages/dashboard/availability-page')),
  admin: page('/admin', () => import('./pages/admin-page')),
  review: page('/review/:token', () => import('./pages/review-page')),
  manageBooking: page('/booking/:token', () => import('./pages/manage-booking-page')),
  quote: page('/quote/:token', () => import('./pages/quote-page')),
  invoice: page('/invoice/:token', () => import('./pages/invoice-page')),
  notFound: page('*', () => import('./pages/not-found-page')),
} as const;

/** The page chunk for a pathname (the not-found page when none matches). */
export function routeFor(pathname: string): PageRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(PAGE_ROUTES).find((r) => r.path === path || (r.path.includes(':') && matchesRoutePattern(r.path, path))) ?? PAGE_ROUTES.notFound;
}
