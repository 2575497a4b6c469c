import { describe, expect, it } from 'vitest';
import { handleNotificationClick, handlePush, readNotice, safeUrl, type PushWorkerScope } from './push';

function fakeScope(openUrls: string[] = []) {
  const shown: { title: string; options: unknown }[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const focused: string[] = [];
  const windows = openUrls.map((url) => {
    const w = {
      url,
      focus: async () => (focused.push(url), w),
      navigate: async (to: string) => (navigated.push(to), w),
    };
    return w;
  });
  const scope: PushWorkerScope = {
    location: { origin: 'https://site.example' },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: { matchAll: async () => windows, openWindow: async (url) => (opened.push(url), null) },
    addEventListener: () => {},
  };
  return { scope, shown, opened, navigated, focused };
}

async function settle(run: (waitUntil: (p: Promise<unknown>) => void) => void) {
  const waits: Promise<unknown>[] = [];
  run((p) => waits.push(p));
  await Promise.all(waits);
}

describe('the service worker’s push handlers', () => {
  it('show the notice with its title, body and tag, keeping its screen', async () => {
    const { scope, shown } = fakeScope();
    const data = { json: () => ({ title: 'Booking paid: TV Mounting', body: 'Dana paid.', url: '/admin?tab=bookings', tag: 'booking_paid:3' }), text: () => '' };
    await settle((waitUntil) => handlePush(scope, { data, waitUntil }));
    expect(shown).toEqual([{ title: 'Booking paid: TV Mounting', options: { body: 'Dana paid.', tag: 'booking_paid:3', data: { url: '/admin?tab=bookings' }, icon: '/favicon.svg' } }]);
  });

  it('still show something for an empty or unreadable push', () => {
    expect(readNotice(null)).toEqual({ title: 'Westside Assembly Pros', body: 'Something needs your attention.', url: '/admin' });
    expect(readNotice({ json: () => JSON.parse('nope'), text: () => 'plain words' }).body).toBe('plain words');
  });

  it('open the notice’s screen, or focus an open /admin window and take it there', async () => {
    const none = fakeScope(['https://site.example/book']);
    const notification = { data: { url: '/admin?request=12' }, close: () => {} };
    await settle((waitUntil) => handleNotificationClick(none.scope, { notification, waitUntil }));
    expect(none.opened).toEqual(['https://site.example/admin?request=12']);

    const open = fakeScope(['https://site.example/admin']);
    await settle((waitUntil) => handleNotificationClick(open.scope, { notification, waitUntil }));
    expect(open.opened).toEqual([]);
    expect(open.focused).toEqual(['https://site.example/admin']);
    expect(open.navigated).toEqual(['https://site.example/admin?request=12']);
  });

  it('never open another site', () => {
    expect(safeUrl('https://evil.example/x', 'https://site.example')).toBe('https://site.example/admin');
    expect(safeUrl('javascript:alert(1)', 'https://site.example')).toBe('https://site.example/admin');
    expect(safeUrl('/admin?tab=messages', 'https://site.example')).toBe('https://site.example/admin?tab=messages');
  });
});
