// The application's entry (/book, /dashboard, /admin, the sign-in pages): the app itself, once
// the page has painted, or, on a page the server rendered whole (/book), once the visitor reaches
// for it. (The site's stylesheet is index.html's, inlined by scripts/build.mjs: no chunk carries
// it, so no lazy chunk fetches it again.)

import { inBackground } from './islands/background-task';
import { firstPaint } from './islands/first-paint';
import { touched } from './islands/touched';

/** Resolves once the app's first render has committed its effects (SiteLayout marks <html>). */
function committed(): Promise<void> {
  return new Promise((resolve) => {
    const html = document.documentElement;
    if (html.dataset.hydrated) return resolve();
    const observer = new MutationObserver(() => {
      if (!html.dataset.hydrated) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

/** Loads the app and hydrates the page; resolves once the page answers clicks itself. */
let running: Promise<void> | null = null;
const run = () => (running ??= firstPaint({ orLoaded: true }).then(() => import('./main').then((app) => app.started)));

/** What counts as reaching for the page: a pointer on it, a key, a focus, a field changed, a scroll. */
const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change', 'scroll', 'wheel'] as const;

/**
 * A page the server rendered whole (`data-wake="touch"`: /book, calendar included) runs no
 * script after its first paint until the visitor reaches for it; its modules are fetched, not
 * run, once it has loaded (`data-modules`), so waking takes no download. A button clicked before
 * the app runs is clicked again once it does (the hydration keeps the server's elements); a form
 * sent before then waits for the app and is sent through it, or, should the app's code fail to
 * load, posted as without JavaScript.
 */
/** A form sent before the app ran, with the button that sent it. */
interface Sent {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

function wakeOnTouch(root: HTMLElement): void {
  const clicked: HTMLButtonElement[] = [];
  let sent: Sent | null = null;
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type === 'button' && root.contains(button)) clicked.push(button);
    wake();
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    sent = { form: event.target as HTMLFormElement, submitter: event.submitter };
    wake();
  };
  const listen = (on: boolean) => {
    const method = on ? 'addEventListener' : 'removeEventListener';
    document[method]('click', onClick, true);
    document[method]('submit', onSubmit as EventListener, true);
    for (const name of WAKE_EVENTS) window[method](name, wake, { capture: true, passive: true } as AddEventListenerOptions);
  };
  let woken = false;
  function wake() {
    if (woken) return;
    woken = true;
    run().then(
      async () => {
        // From here the page sees the clicks itself.
        listen(false);
        await committed();
        for (const button of clicked) if (button.isConnected) button.click();
        const held = sent as Sent | null;
        if (held?.form.isConnected) held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : null);
      },
      () => {
        listen(false);
        const held = sent as Sent | null;
        held?.form.requestSubmit(held.submitter);
      },
    );
  }
  listen(true);
  if (touched(root)) wake();
  prefetchOnceLoaded(root.dataset.modules?.split(' ').filter(Boolean) ?? []);
}

/**
 * The app's modules into the HTTP cache once the page has painted and loaded, in background
 * tasks: fetched, not parsed or run, so the main thread stays free and waking needs no download.
 * `fetch` with the module scripts' own mode (CORS, same-origin credentials), so their requests
 * find the cached copies (40 `<link rel="prefetch">` elements took the main thread 70 ms to insert).
 */
function prefetchOnceLoaded(urls: string[]): void {
  const go = () => {
    // One request a task: together they would be one long task.
    for (const url of urls) inBackground(() => void fetch(url, { mode: 'cors', credentials: 'same-origin', priority: 'low' } as RequestInit).catch(() => undefined));
  };
  // After the first paint too: a small page can load before it paints, and nothing should
  // compete with that paint.
  void firstPaint().then(() => {
    if (document.readyState === 'complete') go();
    else window.addEventListener('load', go, { once: true });
  });
}

const root = document.getElementById('root');
if (root?.dataset.wake === 'touch') wakeOnTouch(root);
else void run();
