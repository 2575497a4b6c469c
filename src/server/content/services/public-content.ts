import type { DbOrTx } from '../../db/client';
import { listGalleryItems, listTestimonials } from '../repositories/content';
import { listActiveServices } from '../../schedule';
import type { Config } from '../../config';
import { type VersionedCache, readSettings } from '../../settings';
import { publishedReviewTestimonials, testimonialsSummary } from '../../reviews';
import { cachedPriceList } from '../../pricing';
import type { PublicConfig, Service, Testimonial } from '../../../shared/schemas/content';
import type { Settings } from '../../../shared/schemas/settings';

/** GET /api/config: the business's public facts from the settings, and the run-time switches the browser needs. */
export function publicConfig(config: Config, settings: Settings): PublicConfig {
  return {
    business: { ...settings.business, timeZone: config.businessTz },
    schedule: {
      serviceZips: settings.serviceZips,
      bookingWindowDays: settings.bookingWindowDays,
      minNoticeHours: settings.minNoticeHours,
      closedDates: settings.closedDates,
      hours: settings.hours,
    },
    payments: {
      provider: config.payments.provider,
      publishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
    },
    recaptcha: { enabled: Boolean(config.recaptcha), siteKey: config.recaptcha?.siteKey ?? null },
    google: { enabled: Boolean(config.google), clientId: config.google?.clientId ?? null },
    texts: { enabled: config.twilio !== null },
  };
}

/** GET /api/services: the active services in the owner's order. */
export function publicServices(db: DbOrTx): Promise<Service[]> {
  return listActiveServices(db);
}

/**
 * GET /api/testimonials: the testimonials the public pages show (`content` is the stored comment):
 * the owner's visible ones in the owner's order, then the customers' published reviews, newest first.
 */
export async function publicTestimonials(db: DbOrTx): Promise<Testimonial[]> {
  const rows = await listTestimonials(db);
  const owners = rows.map((t) => ({ ...t, content: t.comment, verified: false }));
  return [...owners, ...(await publishedReviewTestimonials(db))];
}

/**
 * What every visitor reads, from the content cache: the API routes and the server-rendered pages
 * ask here, so one read per content version serves both.
 */
export function visitorReads(cache: VersionedCache, db: DbOrTx, config: Config) {
  return {
    config: () => cache.read('config', async () => publicConfig(config, await readSettings(db))),
    services: () => cache.read('services', () => publicServices(db)),
    testimonials: () => cache.read('testimonials', () => publicTestimonials(db)),
    testimonialsSummary: () => cache.read('testimonials-summary', () => testimonialsSummary(db)),
    /** GET /api/price-list: /book carries it, so the item picker knows at once which services have items. */
    priceList: () => cachedPriceList(cache, db),
    gallery: (category?: string) => cache.read(`gallery:${category ?? 'all'}`, () => listGalleryItems(db, category)),
  };
}

export type VisitorReads = ReturnType<typeof visitorReads>;
