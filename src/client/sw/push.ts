/**
 * Push in the /admin service worker (decision 0023): import and call `installPushHandlers(self)`
 * from the worker's entry. The server sends `{ title, body, url, tag }` (encrypted; the browser
 * decrypts it before `push` fires). A tap opens the notice's screen, or focuses an /admin window
 * already open and takes it there.
 *
 * Typed with the small part of the worker API used here, so this file needs no "webworker" lib
 * (which clashes with the DOM lib of the rest of the client).
 */

export interface PushNoticeData {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationLike {
  data: unknown;
  close(): void;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: NotificationLike;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
export interface PushWorkerScope {
  location: { origin: string };
  registration: { showNotification(title: string, options: { body: string; tag?: string; data: unknown; icon?: string; badge?: string }): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

const FALLBACK: PushNoticeData = { title: 'Westside Assembly Pros', body: 'Something needs your attention.', url: '/admin' };

/** The notice a push carries; a push without a readable one still shows something (browsers require it). */
export function readNotice(data: PushEventLike['data']): PushNoticeData {
  if (!data) return FALLBACK;
  try {
    const value = data.json() as Partial<PushNoticeData>;
    return {
      title: typeof value.title === 'string' && value.title ? value.title : FALLBACK.title,
      body: typeof value.body === 'string' ? value.body : FALLBACK.body,
      url: typeof value.url === 'string' ? value.url : FALLBACK.url,
      tag: typeof value.tag === 'string' ? value.tag : undefined,
    };
  } catch {
    return { ...FALLBACK, body: data.text() || FALLBACK.body };
  }
}

/** A path of this site to open: anything else (another origin, a script URL) opens /admin. */
export function safeUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/admin`;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : `${origin}/admin`;
  } catch {
    return `${origin}/admin`;
  }
}

export function handlePush(scope: PushWorkerScope, event: PushEventLike): void {
  const notice = readNotice(event.data);
  event.waitUntil(
    scope.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      icon: '/favicon.svg',
    }),
  );
}

export function handleNotificationClick(scope: PushWorkerScope, event: NotificationEventLike): void {
  event.notification.close();
  const target = safeUrl((event.notification.data as { url?: unknown } | null)?.url, scope.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An /admin window already open is reused: focused and taken to the screen.
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/admin'));
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target) await focused.navigate(target);
        return;
      }
      await scope.clients.openWindow(target);
    })(),
  );
}

/** Adds the `push` and `notificationclick` listeners to the worker. */
export function installPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => handlePush(scope, event));
  scope.addEventListener('notificationclick', (event) => handleNotificationClick(scope, event));
}
