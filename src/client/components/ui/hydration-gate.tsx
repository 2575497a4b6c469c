import { use, type ReactNode } from 'react';
import { afterLoadIdle } from './after-load';

let appHydrated = false;

/** Call once the app's first render (hydration) has committed. */
export function markAppHydrated() {
  appHydrated = true;
}

const gates = new Map<string, Promise<void>>();

/** Resolves on the first interaction inside #anchorId, or when the loaded page goes idle. */
function gateFor(anchorId: string): Promise<void> {
  let gate = gates.get(anchorId);
  if (!gate) {
    gate = new Promise<void>((resolve) => {
      const el = document.getElementById(anchorId);
      const events = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const;
      const open = () => {
        for (const name of events) el?.removeEventListener(name, open);
        resolve();
      };
      for (const name of events) el?.addEventListener(name, open, { passive: true });
      void afterLoadIdle().then(open);
    });
    gates.set(anchorId, gate);
  }
  return gate;
}

/**
 * Keeps the server-rendered HTML of its children un-hydrated until the visitor reaches for it (or the
 * page is idle), so heavy code (form validation) stays out of the first view. Put it inside a
 * Suspense boundary, inside an element with id `anchorId`. Client-side navigations render at once.
 */
export function HydrationGate({ anchorId, children }: { anchorId: string; children: ReactNode }) {
  if (typeof window !== 'undefined' && !appHydrated) use(gateFor(anchorId));
  return children;
}
