import { useEffect } from 'react';
import { useBusiness } from '../lib/site-config';

export interface PageMeta {
  title: string;
  description: string;
  /** Keep the page out of search results (a page reached through a private link). */
  noindex?: boolean;
}

/** Stand for the owner's settings in the titles and descriptions below: the business's name, the towns served and the years in business. */
export const BUSINESS_NAME = '{business}';
const TOWNS = '{towns}';
const YEARS = '{years}';

const DEFAULT_DESCRIPTION = `Furniture assembly and TV, art, mirror and shelf mounting in ${TOWNS}. ${YEARS}+ years of experience, professional tools, online booking 7 days a week.`;

/** What of the owner's settings a page's title and description say. */
export interface MetaFacts {
  name: string;
  serviceTowns: string;
  yearsInBusiness: number;
}

/** One pass, with a function: the owner's words are never read as markers or as `$&` patterns. */
const fill = (text: string, facts: MetaFacts) =>
  text.replace(/\{(business|towns|years)\}/g, (marker) =>
    marker === BUSINESS_NAME ? facts.name : marker === TOWNS ? facts.serviceTowns : String(facts.yearsInBusiness),
  );

/** A page's meta with the business's current name, towns and years in it. */
export function withBusinessFacts(meta: PageMeta, facts: MetaFacts): PageMeta {
  return { ...meta, title: fill(meta.title, facts), description: fill(meta.description, facts) };
}

/** Title and description of each page; the server writes them into the HTML head too. */
export const PAGE_META: Record<string, PageMeta> = {
  '/': { title: `${BUSINESS_NAME} | Professional Furniture Assembly & Mounting Services`, description: DEFAULT_DESCRIPTION },
  '/services': { title: `Services | ${BUSINESS_NAME}`, description: 'Furniture assembly for bedrooms, offices, kitchens and living rooms, and mounting for TVs, art, mirrors, shelves and wall furniture.' },
  '/gallery': { title: `Project Gallery | ${BUSINESS_NAME}`, description: `Furniture assembly and wall mounting projects we completed across ${TOWNS}.` },
  '/testimonials': { title: `Testimonials | ${BUSINESS_NAME}`, description: `What homeowners and businesses in ${TOWNS} say about our assembly and mounting work.` },
  '/contact': { title: `Contact Us | ${BUSINESS_NAME}`, description: `Questions or a free estimate: send us a message, call or email. Serving ${TOWNS}.` },
  '/estimate': { title: `Free Estimate from Photos | ${BUSINESS_NAME}`, description: `Send photos of your assembly or mounting project and get a free price by email, usually within one business day. Serving ${TOWNS}.` },
  '/book': { title: `Book Our Services | ${BUSINESS_NAME}`, description: 'Pick a time that suits you and secure it with a refundable $50 deposit. Available 7 days a week.' },
  '/book/confirmation': { title: `Booking Confirmation | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION },
  '/auth': { title: `Sign In | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION },
  '/reset-password': { title: `Reset Password | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION, noindex: true },
  '/review': { title: `Review Your Job | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION, noindex: true },
  '/dashboard': { title: `My Account | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION },
  '/booking': { title: `Your Booking | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION, noindex: true },
  '/quote': { title: `Your Quote | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION, noindex: true },
  '/invoice': { title: `Your Invoice | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION, noindex: true },
  '404': { title: `404 Page Not Found | ${BUSINESS_NAME}`, description: DEFAULT_DESCRIPTION },
};

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Keeps the document's title and description in step with client-side navigation. */
export function usePageMeta(page: PageMeta) {
  const business = useBusiness();
  const filled = business === undefined ? null : withBusinessFacts(page, business);
  const title = filled?.title ?? null;
  const description = filled?.description ?? null;
  const { noindex } = page;
  useEffect(() => {
    if (title === null || description === null) return;
    document.title = title;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', title);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    if (!noindex) return;
    setMeta('meta[name="robots"]', 'name', 'robots', 'noindex, nofollow');
    return () => document.head.querySelector('meta[name="robots"]')?.remove();
  }, [title, description, noindex]);
}
