import type { SVGProps } from 'react';

/** Brand glyphs (lucide has no brand icons); simplified, single colour, 24 px grid. */
type IconProps = SVGProps<SVGSVGElement>;
const base = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export function FacebookIcon(props: IconProps) {
  return (
    <svg {...base} fill="currentColor" {...props}>
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.6V21z" />
    </svg>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth={2} {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

export function YelpIcon(props: IconProps) {
  return (
    <svg {...base} fill="currentColor" {...props}>
      <path d="M11.2 2.6c.6-.2 1.3.2 1.3.9v8.2c0 .8-1 1.2-1.5.6L6.4 6.4c-.4-.5-.2-1.2.3-1.5 1.3-1 2.9-1.8 4.5-2.3zM14.3 13.3l4.8-1.4c.6-.2 1.2.2 1.3.8.2 1.2.1 2.5-.3 3.7-.2.6-.9.9-1.4.6l-4.6-2.2c-.7-.3-.6-1.3.2-1.5zM13.4 15.6l3 4.1c.4.5.2 1.2-.4 1.4-1.1.5-2.3.8-3.6.8-.6 0-1.1-.5-1-1.1l.3-5c.1-.8 1.2-1 1.7-.2zM10.5 14.7l-4.4 2.6c-.5.3-1.2.1-1.4-.5-.5-1.2-.7-2.4-.6-3.7 0-.6.6-1 1.2-.9l4.9 1c.8.2.9 1.1.3 1.5zM10.3 12.4l-5.2-1.1c-.6-.1-1-.8-.7-1.4.5-1.1 1.2-2 2.1-2.8.5-.4 1.2-.3 1.5.2l2.9 4c.5.6-.1 1.4-.6 1.1z" />
    </svg>
  );
}

export function GoogleIcon(props: IconProps) {
  return (
    <svg {...base} fill="currentColor" {...props}>
      <path d="M21.6 10.2H12v3.9h5.5c-.5 2.5-2.7 4.1-5.5 4.1a6.2 6.2 0 1 1 4-10.9l2.9-2.8A10.2 10.2 0 1 0 12 22.2c5.3 0 9.8-3.8 9.8-10.2 0-.6-.1-1.2-.2-1.8z" />
    </svg>
  );
}
