import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const HASH_WAIT_MS = 4000;

function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Every navigation starts at the top of the page, except one to an anchor (`/#gallery`), which
 * lands on it. The target may not exist yet when we arrive from another page (its chunk is still
 * loading), so we look for it for a few seconds.
 */
export function useScrollOnNavigate() {
  const { pathname, hash, key } = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const firstRender = previousPath.current === null;
    const samePage = !firstRender && previousPath.current === pathname;
    previousPath.current = pathname;

    if (!hash) {
      // On the first render the browser keeps its own position (a reload restores it).
      if (!firstRender) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: look the raw id up.
    }
    const behavior: ScrollBehavior = samePage && !reducedMotion() ? 'smooth' : 'instant';
    const started = performance.now();
    let frame = 0;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior, block: 'start' });
        return;
      }
      if (performance.now() - started < HASH_WAIT_MS) frame = requestAnimationFrame(attempt);
      else if (!firstRender) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);
}
