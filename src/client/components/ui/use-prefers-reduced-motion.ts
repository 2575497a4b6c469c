import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * True when the visitor asked for less motion. False in the server-rendered HTML and in the first
 * render in the browser, then the real value from an effect: not useSyncExternalStore, whose
 * server snapshot Preact (an island runtime) ignores, which hydrates the client's value over
 * the server's markup without patching it.
 */
export function usePrefersReducedMotion(): boolean {
  const [reduce, setReduce] = useState(false);
  useEffect(() => {
    const mql = window.matchMedia(QUERY);
    const update = () => setReduce(mql.matches);
    update();
    mql.addEventListener('change', update);
    return () => mql.removeEventListener('change', update);
  }, []);
  return reduce;
}
