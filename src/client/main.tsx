// The runtime's tuning, before anything renders (vite.config.ts: Preact's, or nothing on React).
import 'virtual:runtime-setup';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { routeFor } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { readPageState, refreshSeededQueries, seedQueries } from './lib/page-state';
import { readFormPost } from './lib/form-post';
import { inBackground } from './islands/background-task';

/** The business's day the server rendered a dated page for (/book), so the first render matches it. */
function renderedToday(container: HTMLElement): string | null {
  const today = container.dataset.today;
  return today && /^\d{4}-\d{2}-\d{2}$/.test(today) ? today : null;
}

async function start() {
  const container = document.getElementById('root')!;
  const serverRendered = container.dataset.serverRendered === 'true';
  // The landing page's chunk, so hydration finds the same tree the HTML came from.
  if (serverRendered) await routeFor(window.location.pathname).load();
  const queryClient = createQueryClient();
  const state = readPageState(container);
  seedQueries(queryClient, state);
  const tree = (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} formPost={readFormPost(container)} today={renderedToday(container)} />
      </BrowserRouter>
    </StrictMode>
  );
  if (serverRendered) {
    hydrateRoot(container, tree);
  } else {
    createRoot(container).render(tree);
  }
  // The background refresh of the page's reads waits for the load event, so it costs the first
  // paint nothing, and, on a page woken by a touch (/book), for a background task, so the touch is
  // answered first (no timer: a page whose clock is paused still refreshes).
  if (document.readyState === 'complete') inBackground(() => refreshSeededQueries(queryClient, state));
  else window.addEventListener('load', () => refreshSeededQueries(queryClient, state), { once: true });
}

/** Resolves once the app has rendered (hydrated) its first page: boot.ts replays what it held. */
export const started: Promise<void> = start();
