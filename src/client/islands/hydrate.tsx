import { useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
// The islands build's runtime tuning (vite.islands.config.ts, src/client/runtime/preact-islands.ts):
// empty for React; for Preact, its effects are flushed in a microtask instead of an animation frame.
import 'virtual:runtime-setup';

/** Calls `onCommit` once the island's first render has committed and its effects have run. */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(() => onCommit(), [onCommit]);
  return children;
}

/**
 * Hydrates one island's HTML with its component and props; resolves once it is live (its
 * effects, such as a carousel's timer, have run). No StrictMode, no ids from useId: an island's
 * ids are explicit, since its tree here is not the page's tree on the server.
 */
export function hydrateIsland<P extends object>(el: HTMLElement, Component: ComponentType<P>, props: P): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      el,
      <Committed onCommit={resolve}>
        <Component {...props} />
      </Committed>,
    );
  });
}
