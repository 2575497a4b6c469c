/** The owner's app (/admin installed on a phone, decision 0022): its web app manifest. */

/** The theme: the site's black, with its gold in the icons. */
const BLACK = '#0a0a0a';

/** A home screen shows about 12 characters under an icon: the name, else its first words that fit, else "Admin". */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed || 'Admin';
  let out = '';
  for (const word of trimmed.split(/\s+/)) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > 12) break;
    out = next;
  }
  return out || 'Admin';
}

/** The manifest for the business's name (the owner's setting, so it follows a change of name). */
export function ownerAppManifest(businessName: string) {
  const name = businessName.trim() || 'Business Admin';
  return {
    id: '/admin',
    name,
    short_name: shortName(businessName),
    description: `Bookings, requests and the day's jobs of ${name}.`,
    start_url: '/admin',
    scope: '/admin',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BLACK,
    background_color: BLACK,
    icons: [
      { src: '/admin-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/admin-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/admin-icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/admin-icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
