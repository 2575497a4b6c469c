/**
 * Runs `task` in a background task of its own: the scheduler's lowest priority, or a message
 * where the browser has no scheduler. Never a timer, which a paused clock (tests) would hold
 * forever. Shared by the islands' loader, the app's entry (boot.ts) and the app (main.tsx).
 */
export function inBackground(task: () => void): void {
  const scheduler = (window as { scheduler?: { postTask?: (cb: () => void, o: { priority: string }) => unknown } }).scheduler;
  if (scheduler?.postTask) {
    scheduler.postTask(task, { priority: 'background' });
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => task();
  channel.port2.postMessage(null);
}
