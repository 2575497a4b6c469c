/**
 * The owner's app's service worker, scoped to /admin (decision 0022). scripts/build.mjs bundles it
 * with esbuild and workbox-build fills `self.__WB_MANIFEST` with the admin shell: the entry, the
 * admin page's code and what it loads, the icons and the /admin page itself.
 *
 * Push notifications (decision 0023) show and open their screen through `installPushHandlers`.
 * Today's jobs with no signal are kept by the page itself, with when they were read (decision
 * 0024): the worker keeps only the shell that opens it.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installPushHandlers, type PushWorkerScope } from './push';

type PrecacheEntry = string | { url: string; revision: string | null };

// The worker's global scope, typed here so this file builds with the project's DOM library.
declare const self: PushWorkerScope & { __WB_MANIFEST: PrecacheEntry[]; skipWaiting(): Promise<void> };

/** The page every /admin address answers with when the network does not (the app reads its query itself). */
const SHELL = '/admin';

// A new build's worker takes over at once: pages always load their HTML from the server first, so
// an open page never waits for an old worker.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Navigations: the server's page when it answers (fresh data and the current build's files),
// else the page kept at install.
registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const kept = await matchPrecache(SHELL);
      if (kept) return kept;
      throw err;
    }
  }),
);

installPushHandlers(self);
