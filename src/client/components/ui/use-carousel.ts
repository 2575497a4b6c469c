import { useCallback, useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

/**
 * Index, auto-advance and pause state of a carousel. It advances every `intervalMs` while it
 * plays; it does not play under prefers-reduced-motion (until the visitor presses play) nor
 * while keyboard focus is inside it. Each change of slide restarts the timer.
 */
export function useCarousel(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = userPaused ?? reducedMotion;
  const playing = !paused && !focusInside && count > 1;

  const go = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const previous = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);

  useEffect(() => {
    if (index >= count && count > 0) setIndex(0);
  }, [index, count]);

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(next, intervalMs);
    return () => clearTimeout(timer);
  }, [playing, index, intervalMs, next]);

  const containerProps = {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      // Only keyboard focus pauses: a mouse click on a control should not stop the show for good.
      if (event.target.matches(':focus-visible')) setFocusInside(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        next();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        previous();
      }
    },
  };

  return {
    index: Math.min(index, Math.max(0, count - 1)),
    go,
    next,
    previous,
    paused,
    playing,
    togglePaused: () => setUserPaused(!paused),
    containerProps,
  };
}
