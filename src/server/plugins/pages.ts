import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FormPost } from '../../shared/form-post';
import type { PublicConfig } from '../../shared/schemas/content';
import { AUTH_ROUTES, ISLAND_ROUTES, SERVER_RENDERED_ROUTES, REVIEW_ROUTE } from '../../shared/routes';
import { todayInZone } from '../../shared/business-time';
import { encodeBody, type EncodedBody } from './encoded-body';
import type { VersionedCache } from '../settings';
import type { VisitorReads } from '../content';

/** The 404 page's key; `APP_SHELL` is the page of the browser-only routes (/dashboard, /admin...). */
export const NOT_FOUND = '/__not-found__';
export const APP_SHELL = '/__app__';
/** The app shell as /admin gets it: with the owner's app's manifest (decision 0022), which no other page links. */
export const ADMIN_SHELL = '/__admin__';
/** The head tags of the owner's app: its manifest and the icon iOS puts on the home screen. */
const ADMIN_HEAD = ['<link rel="manifest" href="/admin.webmanifest" />', '<link rel="apple-touch-icon" href="/admin-icons/icon-192.png" />'].join('\n    ');

/** A page's title and description (src/client/app/meta.ts). */
interface PageMeta {
  title: string;
  description: string;
  noindex?: boolean;
}

/** The SSR entry's exports (src/client/entry-server.tsx, built to dist/ssr/entry-server.js). */
interface SsrEntry {
  render(url: string, state: Record<string, unknown>, formPost?: FormPost | null, today?: string | null): Promise<string>;
  PAGE_META: Record<string, PageMeta>;
  withBusinessFacts(meta: PageMeta, facts: { name: string; serviceTowns: string; yearsInBusiness: number }): PageMeta;
}

/**
 * What the build writes beside the SSR entry: the app's page template, the island pages' (whose
 * only script is the islands loader) and each route's preload tags.
 */
interface Shell {
  template: string;
  islandTemplate: string;
  preloads: Record<string, string>;
  /** Pages that run the app once the visitor reaches for them (boot.ts), with the app's files to fetch meanwhile. */
  wakeModules?: Record<string, string[]>;
}

const isIslandRoute = (route: string) => (ISLAND_ROUTES as readonly string[]).includes(route);

/**
 * Pages whose HTML shows the business's today (/book's calendar, with the past days off): each is
 * rendered once per day on the business clock, and carries the day it was rendered for
 * (`data-today` on the root) so the app's first render in the browser is the same page.
 */
const DATED_ROUTES: readonly string[] = ['/book'];

export interface PageRendererOptions {
  /** The visitors' reads the pages are rendered from (the same cached reads the API answers with). */
  reads: VisitorReads;
  /** dist/ssr: entry-server.js and shell.json. */
  ssrDir: string;
  /** Keeps each page until the content version changes (the same cache as the API's content reads). */
  cache: VersionedCache;
  /** The app's clock: a dated page (/book) shows the business's day by it. */
  now?: () => Date;
}

/**
 * What one rendering of a route shows beyond the route itself: the query its page reads, the
 * server's answer to a form (see shared/form-post.ts) and reads of its own (a review link's job).
 */
export interface PageVariant {
  /** '' or a query such as '?forgot=1': only what the page reads, so that the variants stay few. */
  search?: string;
  formPost?: FormPost | null;
  /** More reads for the page, by the URL its query fetches. */
  state?: Record<string, unknown>;
}

/** Pages that share another's title and description. */
const META_KEYS: Record<string, string> = { '/login': '/auth', '/register': '/auth', [REVIEW_ROUTE]: '/review' };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The template with each marker's first occurrence in it replaced by its text, by concatenation.
 * Not String.prototype.replace with a string: `$``, `$&` and `$'` in the owner's or a customer's
 * words would bring back parts of the template (one `$`` copies all of it before the marker).
 */
export function fillTemplate(template: string, fills: [marker: string, text: string][]): string {
  const at = fills
    .map(([marker, text]) => ({ marker, text, index: template.indexOf(marker) }))
    .filter((f) => f.index >= 0)
    .sort((a, b) => a.index - b.index);
  let out = '';
  let from = 0;
  for (const f of at) {
    if (f.index < from) continue;
    out += template.slice(from, f.index) + f.text;
    from = f.index + f.marker.length;
  }
  return out + template.slice(from);
}

/** The public reads a page's components use, by URL: the page renders with them instead of loading. */
async function readState(reads: VisitorReads, route: string): Promise<{ state: Record<string, unknown>; business: PublicConfig['business'] }> {
  const config = await reads.config();
  const state: Record<string, unknown> = { '/api/config': config, '/api/services': await reads.services() };
  if (route === '/' || route === '/testimonials') state['/api/testimonials'] = await reads.testimonials();
  if (route === '/testimonials') state['/api/testimonials/summary'] = await reads.testimonialsSummary();
  // The gallery page's cards are in the page, so its largest paint (the first image) needs no
  // script. The home page's gallery loads from the API, with its six skeleton cards meanwhile.
  if (route === '/gallery') state['/api/gallery'] = await reads.gallery();
  if (route === '/book') state['/api/price-list'] = await reads.priceList();
  return { state, business: config.business };
}

/**
 * The gallery page's largest paint is its first image: named in the head, it loads alongside the
 * stylesheet instead of when the parser reaches the grid.
 */
async function galleryImagePreload(reads: VisitorReads): Promise<string> {
  const [first] = await reads.gallery();
  return first ? `<link rel="preload" as="image" href="${escapeHtml(first.imageUrl)}" fetchpriority="high">` : '';
}

/**
 * Renders the public pages on the server from the database (settings, services, testimonials)
 * with the SSR entry, and keeps each page's HTML, brotli and gzip in the content cache until the
 * content version in the database changes: the owner's change shows on every instance within
 * about a second plus one render, with no rebuild. While the database is away, the pages last
 * rendered are served as they were.
 */
export function createPageRenderer(opts: PageRendererOptions) {
  const shell = JSON.parse(readFileSync(join(opts.ssrDir, 'shell.json'), 'utf8')) as Shell;
  let entry: Promise<SsrEntry> | null = null;
  const loadEntry = () => (entry ??= import(pathToFileURL(join(opts.ssrDir, 'entry-server.js')).href) as Promise<SsrEntry>);

  /** Today on the business clock for a dated page (null for the rest): the day its HTML shows. */
  async function renderedToday(route: string): Promise<string | null> {
    if (!DATED_ROUTES.includes(route)) return null;
    return todayInZone(opts.now?.() ?? new Date(), (await opts.reads.config()).business.timeZone);
  }

  /** A page the server renders whole wakes its app on the visitor's first touch (boot.ts). */
  function wakeAttrs(route: string): string {
    const modules = shell.wakeModules?.[route];
    return modules ? ` data-wake="touch" data-modules="${escapeHtml(modules.join(' '))}"` : '';
  }

  async function render(route: string, variant: PageVariant = {}, url = route, today: string | null = null): Promise<EncodedBody> {
    const ssr = await loadEntry();
    const { state: reads, business } = await readState(opts.reads, route);
    const state = { ...reads, ...variant.state };
    const isAppShell = route === APP_SHELL || route === ADMIN_SHELL;
    const metaKey = route === NOT_FOUND ? '404' : isAppShell ? '/' : (META_KEYS[route] ?? route);
    const meta = ssr.withBusinessFacts(ssr.PAGE_META[metaKey]!, business);
    const head = [
      `<title>${escapeHtml(meta.title)}</title>`,
      meta.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:type" content="website" />`,
      shell.preloads[route] ?? '',
      route === ADMIN_SHELL ? ADMIN_HEAD : '',
      route === '/gallery' ? await galleryImagePreload(opts.reads) : '',
    ]
      .filter(Boolean)
      .join('\n    ');
    const formPost = variant.formPost ?? null;
    // An island page's islands carry their own props (the posted form's answer included): the
    // page holds no state for an app to read, only what it shows.
    const stateAttr = isIslandRoute(route)
      ? ''
      : ` data-state="${escapeHtml(JSON.stringify(state))}"${formPost ? ` data-form="${escapeHtml(JSON.stringify(formPost))}"` : ''}${today ? ` data-today="${today}"` : ''}${wakeAttrs(route)}`;
    const root =
      isAppShell
        ? `<div id="root"${stateAttr}></div>`
        : `<div id="root" data-server-rendered="true"${stateAttr}>${await ssr.render(url + (variant.search ?? ''), state, formPost, today)}</div>`;
    const html = Buffer.from(
      fillTemplate(isIslandRoute(route) ? shell.islandTemplate : shell.template, [
        ['<!--head-->', head],
        ['<div id="root"><!--app--></div>', root],
      ]),
    );
    return encodeBody(html, 'text/html; charset=utf-8', 'max');
  }

  /**
   * The page as the database says now (rendering it when the content changed), or, with the
   * database away, as last rendered. A variant is kept too: it must hold nothing personal (a
   * flag such as ?sent=1 after a form, never what was typed).
   */
  async function page(route: string, variant: { search: string; formPost: FormPost | null } = { search: '', formPost: null }): Promise<EncodedBody> {
    // A dated page is rendered again when the business's day turns (its tag); while the database
    // is away (no zone to read), the copy last rendered serves.
    const today = await renderedToday(route).catch(() => null);
    return opts.cache.read(`page:${route}${variant.search}`, () => render(route, variant, route, today), today ?? '');
  }

  /**
   * A page for one request, never kept: a form's answer with what was typed, a review link's job.
   * `url` is the path rendered when `route` is a pattern (/review/:token).
   */
  async function renderOnce(route: string, url: string, variant: PageVariant): Promise<EncodedBody> {
    return render(route, variant, url, await renderedToday(route));
  }

  /** Renders every page ahead of the first visitor (start-up); a failure is left to the first request. */
  async function warm(): Promise<void> {
    await Promise.allSettled([...SERVER_RENDERED_ROUTES, ...AUTH_ROUTES, NOT_FOUND, APP_SHELL, ADMIN_SHELL].map((r) => page(r)));
  }

  return { page, renderOnce, warm };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
