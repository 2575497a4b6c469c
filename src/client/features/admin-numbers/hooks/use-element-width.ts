import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of the element `ref` is attached to, in CSS pixels, kept up to date as it resizes.
 * Charts draw at this width so their text keeps its size on a phone and on a desktop (a scaled
 * viewBox would shrink it to unreadable at 375 px).
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, Math.floor(el.getBoundingClientRect().width)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
