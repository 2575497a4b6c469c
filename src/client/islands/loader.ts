import type { ComponentType } from 'react';
import type { IslandName } from './names';
import { inBackground } from './background-task';
import { firstPaint } from './first-paint';
import { touched } from './touched';

/**
 * The only script of a public page's first view. The server rendered the whole page; this finds
 * its islands (`[data-island]`) and loads each one's code, with the runtime that hydrates it,
 * only when the island is wanted:
 * - `idle`: once the page has loaded and the browser has nothing more urgent (carousels that
 *   play by themselves, lists that refresh from the API);
 * - `interaction`: the first pointer, touch or focus inside the island;
 * - `scroll`: the first scroll of the page;
 * - `visible`: when it comes near the viewport, looked at from load on;
 * - `changed`: an island rendered with a read of the API (its `fresh` URL, the page's copy in its
 *   `initial` prop) asks for that read in the background after load, and hydrates only when the
 *   answer differs from what the page shows, to show it. Most visits find it unchanged (the page
 *   was rendered from the same data a moment ago) and run no framework at all until touched.
 */
type Trigger = 'idle' | 'interaction' | 'scroll' | 'visible' | 'changed';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island checks its own props
type AnyComponent = ComponentType<any>;

/**
 * An island is a component hydrated with its runtime (`load`), or DOM code started on the server's
 * HTML with no framework at all (`enhance`: the hero).
 */
type Entry = ({ load: () => Promise<AnyComponent>; enhance?: never } | { enhance: () => Promise<(el: HTMLElement) => unknown>; load?: never }) & { on: Trigger[]; fresh?: string };

const ISLANDS: Record<IslandName, Entry> = {
  header: { load: () => import('../features/layout/components/site-header').then((m) => m.SiteHeader), on: ['interaction', 'scroll'] },
  'scroll-top': { load: () => import('../features/layout/components/scroll-to-top-button').then((m) => m.ScrollToTopButton), on: ['scroll'] },
  hero: { enhance: () => import('../features/home/components/hero-carousel-dom').then((m) => m.startHeroCarousel), on: ['idle'] },
  // The gallery's projects are not in the HTML (its skeletons are): they load with the island.
  'home-gallery': { load: () => import('../features/gallery/components/home-gallery').then((m) => m.HomeGallery), on: ['idle'] },
  gallery: { load: () => import('../features/gallery/components/gallery-browser').then((m) => m.GalleryBrowser), on: ['changed', 'interaction'], fresh: '/api/gallery' },
  // It plays by itself once near the viewport (below the fold on a phone), or sooner when the
  // reviews changed since the page was rendered.
  'testimonials-carousel': {
    load: () => import('../features/testimonials/components/testimonials-carousel').then((m) => m.TestimonialsCarousel),
    on: ['changed', 'visible', 'interaction'],
    fresh: '/api/testimonials',
  },
  'testimonials-list': { load: () => import('../features/testimonials/components/testimonials-list').then((m) => m.TestimonialsList), on: ['changed', 'interaction'], fresh: '/api/testimonials' },
  'testimonials-record': {
    load: () => import('../features/testimonials/components/testimonials-record').then((m) => m.TestimonialsRecord),
    on: ['changed', 'interaction'],
    fresh: '/api/testimonials/summary',
  },
  // The forms work before and without their code (decision 0015): it loads when one is touched.
  'contact-form': { load: () => import('./contact-form-island').then((m) => m.ContactFormIsland), on: ['interaction'] },
  'estimate-form': { load: () => import('../features/estimate/components/estimate-form').then((m) => m.EstimateForm), on: ['interaction'] },
};

// `input` and `change`: a field filled without a focus (autofill, a chosen file).
const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'input', 'change'] as const;

const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

/**
 * After the load event and the first paint (a small page can load before it paints), in a
 * background task: not a timer, which a paused clock (tests) would hold forever.
 */
const idle: Promise<void> = Promise.all([loaded, firstPaint()]).then(() => new Promise<void>((resolve) => inBackground(resolve)));

let hydrations: Promise<void> = Promise.resolve();
/**
 * Each island hydrates in a task of its own, one after the other: islands whose code arrived
 * together would otherwise hydrate back to back in one long task (the home page's carousels and
 * gallery) that keeps a phone from answering a tap. A message, not a timer: a paused clock
 * (tests) would hold a timer forever.
 */
function ownTask(): Promise<void> {
  // An island that failed to hydrate does not hold the others back.
  const turn = hydrations.catch(() => undefined).then(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  hydrations = turn;
  return turn;
}

/** Where a button sits inside its island, as child indexes, to find it again after hydration. */
function pathTo(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let node: Element = el; node !== root && node.parentElement; node = node.parentElement) path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  return path;
}

function elementAt(root: Element, path: number[]): Element | undefined {
  let node: Element | undefined = root;
  for (const i of path) node = node?.children[i];
  return node;
}

/**
 * One island: loaded and hydrated once, on its first trigger. A click on one of its buttons
 * before then (the code was still on its way) is clicked again once it is live; links are left
 * to the browser. A form sent before then waits for the island and is sent again through it (its
 * checks, "Sending...", its toast), the typed values being kept by the hydration; should the
 * island's code fail to load, the browser posts the form as it would without JavaScript.
 */
function prepare(el: HTMLElement): { entry: Entry; start: () => Promise<void> } | null {
  const entry = ISLANDS[el.dataset.island as IslandName];
  if (!entry) return null;
  let started: Promise<void> | null = null;
  let clicked: number[] | null = null;
  const onClick = (event: Event) => {
    const button = (event.target as Element).closest('button[type="button"]');
    if (button && el.contains(button)) clicked = pathTo(el, button);
    void start();
  };
  el.addEventListener('click', onClick, true);
  let sent: { form: number[]; submitter: number[] | null } | null = null;
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    sent = { form: pathTo(el, form), submitter: event.submitter ? pathTo(el, event.submitter) : null };
    start().catch(() => {
      el.removeEventListener('submit', onSubmit, true);
      form.requestSubmit(event.submitter as HTMLElement | null);
    });
  };
  el.addEventListener('submit', onSubmit, true);
  /** Hydrates the island's component, or starts its DOM code; resolves once it is live. */
  const wake = async () => {
    if (entry.enhance) {
      const enhance = await entry.enhance();
      await ownTask();
      el.removeEventListener('click', onClick, true);
      el.removeEventListener('submit', onSubmit, true);
      enhance(el);
      return;
    }
    const [{ hydrateIsland }, component] = await Promise.all([import('./hydrate'), entry.load()]);
    await ownTask();
    const props = JSON.parse(el.dataset.props ?? '{}') as object;
    // From here the runtime sees the clicks itself (React replays those during hydration).
    el.removeEventListener('click', onClick, true);
    el.removeEventListener('submit', onSubmit, true);
    const hydrated = hydrateIsland(el, component, props);
    // The next island's turn comes once this one's render has committed.
    hydrations = hydrations.then(() => hydrated);
    await hydrated;
  };
  const start = () =>
    (started ??= wake().then(() => {
      el.dataset.live = 'true';
      const again = clicked && elementAt(el, clicked);
      if (again instanceof HTMLElement) again.click();
      const form = sent && elementAt(el, sent.form);
      const submitter = sent?.submitter && elementAt(el, sent.submitter);
      if (form instanceof HTMLFormElement) form.requestSubmit(submitter instanceof HTMLElement ? submitter : null);
    }));

  if (entry.on.includes('interaction')) {
    // Touched before this script ran (a slow phone): typed into, or holding the focus.
    if (touched(el)) void start();
    const open = () => {
      for (const name of INTERACTIONS) el.removeEventListener(name, open);
      void start();
    };
    for (const name of INTERACTIONS) el.addEventListener(name, open, { passive: true });
  }
  if (entry.on.includes('scroll')) window.addEventListener('scroll', () => void start(), { once: true, passive: true });
  return { entry, start };
}

/** Resolves once `el` is known to be away from the viewport, or once it has hydrated near it. */
function whenVisible(el: HTMLElement, start: () => Promise<void>): Promise<void> {
  // The wrapper has no box of its own (display: contents): watch what it holds.
  const target = el.firstElementChild;
  if (!target) return Promise.resolve();
  return new Promise((resolve) => {
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((e) => e.isIntersecting);
        if (near) {
          observer.disconnect();
          void start().then(resolve, resolve);
        } else if (first) resolve();
        first = false;
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
  });
}

/** JSON with its keys in one order, so two copies of one read compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/**
 * The `changed` trigger: asks for the island's read and hydrates it when the answer is not what
 * the page shows (the island then shows the answer, from its own refresh). An answer that fails
 * leaves the page as it is, as the island's refresh would.
 */
async function whenChanged(el: HTMLElement, url: string, start: () => Promise<void>): Promise<void> {
  let answer: unknown;
  try {
    const res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) return;
    answer = await res.json();
  } catch {
    return;
  }
  const shown = (JSON.parse(el.dataset.props ?? '{}') as { initial?: unknown }).initial;
  if (canonical(answer) !== canonical(shown ?? null)) await start();
}

/** An image that failed before hydration: its island hydrates at load to show its fallback. */
const hasBrokenImage = (el: HTMLElement) => Array.from(el.querySelectorAll('img')).some((img) => img.complete && img.naturalWidth === 0);

/**
 * A jump to an anchor of the same page (the footer's /#gallery while on /): the browser scrolls
 * there itself, but its scroll can lose to a smooth scroll still under way (Chromium), so the
 * target is scrolled to once more, as the app's router did.
 */
function followHashJumps() {
  window.addEventListener('hashchange', () => {
    let id = window.location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: look the raw id up.
    }
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start', behavior: reduce ? 'instant' : 'smooth' });
  });
}

function run() {
  followHashJumps();
  const islands = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'), (el) => ({ el, island: prepare(el) }));
  // The footer's year is the visitor's, like the app's; the page's HTML is the same all year.
  // The server wrote "© " as the line's first text node (see site-footer.tsx).
  for (const el of document.querySelectorAll('[data-copyright]')) {
    const first = el.firstChild;
    if (first?.nodeType === Node.TEXT_NODE && first.textContent?.startsWith('©')) first.textContent = `© ${new Date().getFullYear()}`;
  }
  void idle.then(async () => {
    const waits = islands.map(({ el, island }) => {
      if (!island) return Promise.resolve();
      const { on, fresh } = island.entry;
      if (on.includes('idle') || hasBrokenImage(el)) return island.start();
      return Promise.all([on.includes('visible') && whenVisible(el, island.start), on.includes('changed') && fresh && whenChanged(el, fresh, island.start)]);
    });
    await Promise.allSettled(waits);
    // A marker for tests and the page benchmark: what runs without the visitor has hydrated.
    document.documentElement.dataset.hydrated = 'true';
  });
  // A page the browser kept (back/forward cache) asks for its reads again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    for (const { el, island } of islands) {
      const fresh = island?.entry.fresh;
      if (island && fresh && el.dataset.live !== 'true') void whenChanged(el, fresh, island.start);
    }
  });
}

run();
