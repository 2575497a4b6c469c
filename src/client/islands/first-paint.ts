/**
 * Resolves once the server's HTML has had its first contentful paint, or cannot have one (a hidden
 * tab paints nothing). No timer: a paused clock (tests) would hold it forever. With `orLoaded`, a
 * page with nothing contentful to paint (an empty shell) resolves at its load event instead; a
 * page's load event is no sign of its paint otherwise (a small page can load before it paints).
 * Shared by the islands' loader and the app's entry (boot.ts); no framework.
 */
export function firstPaint({ orLoaded = false } = {}): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    if (orLoaded) window.addEventListener('load', () => resolve(), { once: true });
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  });
}
