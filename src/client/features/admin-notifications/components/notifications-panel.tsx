import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { errorMessage } from '../../../lib/api';
import { invalidateUrls } from '../../../lib/invalidate';
import { PanelLoading } from '../../../components/admin/panel-states';
import { cardClass, dangerButtonClass, goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { PUSH_EVENT_LABELS, PUSH_EVENTS, type PushEvent } from '../../../../shared/schemas/push';
import { createPushSubscription, deletePushSubscription, getPushPublicKey, pushKeys, usePushSubscriptions } from '../api/push-api';

export const NO_WORKER_MESSAGE = 'Install the app or open /admin once to turn on notifications.';
export const UNSUPPORTED_MESSAGE = 'This browser cannot show notifications from the site. On an iPhone, add the site to the Home Screen first and open it from there.';
export const BLOCKED_MESSAGE = 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.';

/** What this device can do: no push at all, no service worker yet, or its registration. */
type DeviceState = { kind: 'checking' } | { kind: 'unsupported' } | { kind: 'no-worker' } | { kind: 'ready'; registration: ServiceWorkerRegistration; endpoint: string | null };

/** The VAPID public key (base64url) as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function useDevice(): [DeviceState, () => void] {
  const [state, setState] = useState<DeviceState>({ kind: 'checking' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return setState({ kind: 'unsupported' });
      // The /admin worker, registered by the app shell; none until the owner opened it once.
      const registration = await navigator.serviceWorker.getRegistration();
      if (!live) return;
      if (!registration) return setState({ kind: 'no-worker' });
      const subscription = await registration.pushManager.getSubscription();
      if (live) setState({ kind: 'ready', registration, endpoint: subscription?.endpoint ?? null });
    })().catch(() => live && setState({ kind: 'unsupported' }));
    return () => {
      live = false;
    };
  }, [version]);
  return [state, () => setVersion((v) => v + 1)];
}

/** More → Notifications: push on this device, for the events the owner picks (decision 0023). */
export function NotificationsPanel() {
  const [device, recheck] = useDevice();
  const stored = usePushSubscriptions();
  const client = useQueryClient();
  const headingId = useId();
  const [chosen, setChosen] = useState<PushEvent[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const endpoint = device.kind === 'ready' ? device.endpoint : null;
  const mine = endpoint ? stored.data?.subscriptions.find((s) => s.endpoint === endpoint) : undefined;
  const isOn = Boolean(mine);
  const events = chosen ?? mine?.events ?? [...PUSH_EVENTS];

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'ok', text: await work() });
      setChosen(null);
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err, 'That did not work. Please try again.') });
    } finally {
      setBusy(false);
      await invalidateUrls(client, pushKeys.subscriptions()[0]);
      recheck();
    }
  };

  const turnOn = (registration: ServiceWorkerRegistration) =>
    run(async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new Error(BLOCKED_MESSAGE);
      const { publicKey } = await getPushPublicKey();
      const subscription =
        (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await createPushSubscription({ endpoint: json.endpoint, keys: json.keys, events });
      return isOn ? 'Saved: this device is told of the events ticked.' : 'Notifications are on for this device.';
    });

  const turnOff = (registration: ServiceWorkerRegistration) =>
    run(async () => {
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint).catch(() => undefined);
        await subscription.unsubscribe();
      }
      return 'Notifications are off on this device.';
    });

  let body;
  if (device.kind === 'checking' || (device.kind === 'ready' && stored.isPending)) body = <PanelLoading label="Checking this device..." />;
  else if (device.kind === 'unsupported') body = <p className="text-neutral-700">{UNSUPPORTED_MESSAGE}</p>;
  else if (device.kind === 'no-worker') body = <p className="text-neutral-700">{NO_WORKER_MESSAGE}</p>;
  else {
    const registration = device.registration;
    body = (
      <>
        <p className="text-neutral-700">
          {isOn ? 'Notifications are on for this device.' : 'Notifications are off for this device.'} Each one opens its screen here.
        </p>
        <fieldset className="mt-4">
          <legend className="font-semibold text-ink-950">Tell me of</legend>
          <ul className="mt-2 space-y-1">
            {PUSH_EVENTS.map((event) => (
              <li key={event}>
                <label className="flex min-h-11 items-center gap-3 text-neutral-900">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-gold-600"
                    checked={events.includes(event)}
                    onChange={(e) => setChosen(e.target.checked ? PUSH_EVENTS.filter((x) => x === event || events.includes(x)) : events.filter((x) => x !== event))}
                  />
                  {PUSH_EVENT_LABELS[event]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {events.length === 0 && <p className="mt-2 text-sm text-neutral-700">Tick at least one event, or turn notifications off.</p>}
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={isOn ? outlineButtonClass : goldButtonClass} disabled={busy || events.length === 0} onClick={() => void turnOn(registration)}>
            <Bell className="h-4 w-4" aria-hidden="true" />
            {isOn ? 'Save events' : 'Turn on notifications'}
          </button>
          {isOn && (
            <button type="button" className={dangerButtonClass} disabled={busy} onClick={() => void turnOff(registration)}>
              <BellOff className="h-4 w-4" aria-hidden="true" />
              Turn off
            </button>
          )}
        </div>
      </>
    );
  }

  return (
    <section className={`${cardClass} p-4 sm:p-6`} aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-ink-950">
        Notifications
      </h2>
      <div className="mt-2">{body}</div>
      {notice && (
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`mt-3 text-sm font-medium ${notice.tone === 'error' ? 'text-red-800' : 'text-green-800'}`}>
          {notice.text}
        </p>
      )}
    </section>
  );
}
