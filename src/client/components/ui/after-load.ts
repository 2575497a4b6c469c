/**
 * Resolves once the page has loaded and the browser is idle (or after `maxWaitMs` idle time at
 * most), so non-critical code can wait until the first view is done.
 */
let idle: Promise<void> | null = null;

export function afterLoadIdle(maxWaitMs = 2000): Promise<void> {
  idle ??= new Promise((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: maxWaitMs });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return idle;
}
