/** The header's navigation, in order. `end` marks items highlighted only on their exact path. */
export const NAV_ITEMS = [
  { to: '/', label: 'Home', end: true },
  { to: '/services', label: 'Services', end: false },
  { to: '/gallery', label: 'Gallery', end: false },
  { to: '/testimonials', label: 'Testimonials', end: false },
  { to: '/contact', label: 'Contact', end: false },
  { to: '/dashboard', label: 'My Account', end: false },
] as const;

export const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/#services', label: 'Services' },
  { to: '/#gallery', label: 'Gallery' },
  { to: '/#testimonials', label: 'Testimonials' },
  { to: '/contact', label: 'Contact' },
] as const;
