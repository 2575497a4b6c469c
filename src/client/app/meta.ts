import { useEffect } from 'react';
import { BUSINESS } from '../../shared/constants';

export interface PageMeta {
  title: string;
  description: string;
  /** Keep the page out of search results (a page reached through a private link). */
  noindex?: boolean;
}

const DEFAULT_DESCRIPTION =
  'Furniture assembly and TV, art, mirror and shelf mounting in Santa Monica, West LA and Venice. 7+ years of experience, professional tools, online booking 7 days a week.';

/** Title and description of each page; the prerender writes them into the HTML head too. */
export const PAGE_META: Record<string, PageMeta> = {
  '/': { title: `${BUSINESS.name} | Professional Furniture Assembly & Mounting Services`, description: DEFAULT_DESCRIPTION },
  '/services': { title: `Services | ${BUSINESS.name}`, description: 'Furniture assembly for bedrooms, offices, kitchens and living rooms, and mounting for TVs, art, mirrors, shelves and wall furniture.' },
  '/gallery': { title: `Project Gallery | ${BUSINESS.name}`, description: 'Furniture assembly and wall mounting projects we completed across Santa Monica, West LA and Venice.' },
  '/testimonials': { title: `Testimonials | ${BUSINESS.name}`, description: 'What homeowners and businesses in Santa Monica, West LA and Venice say about our assembly and mounting work.' },
  '/contact': { title: `Contact Us | ${BUSINESS.name}`, description: 'Questions or a free estimate: send us a message, call or email. Serving Santa Monica, West LA and Venice.' },
  '/book': { title: `Book Our Services | ${BUSINESS.name}`, description: 'Pick a time that suits you and secure it with a refundable $50 deposit. Available 7 days a week.' },
  '/book/confirmation': { title: `Booking Confirmation | ${BUSINESS.name}`, description: DEFAULT_DESCRIPTION },
  '/auth': { title: `Sign In | ${BUSINESS.name}`, description: DEFAULT_DESCRIPTION },
  '/reset-password': { title: `Reset Password | ${BUSINESS.name}`, description: DEFAULT_DESCRIPTION, noindex: true },
  '/dashboard': { title: `My Account | ${BUSINESS.name}`, description: DEFAULT_DESCRIPTION },
  '404': { title: `404 Page Not Found | ${BUSINESS.name}`, description: DEFAULT_DESCRIPTION },
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
export function usePageMeta(meta: PageMeta) {
  useEffect(() => {
    document.title = meta.title;
    setMeta('meta[name="description"]', 'name', 'description', meta.description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', meta.title);
    setMeta('meta[property="og:description"]', 'property', 'og:description', meta.description);
    if (!meta.noindex) return;
    setMeta('meta[name="robots"]', 'name', 'robots', 'noindex, nofollow');
    return () => document.head.querySelector('meta[name="robots"]')?.remove();
  }, [meta.title, meta.description, meta.noindex]);
}
