import { useEffect, useRef, useState } from 'react';
import { Clock, Mail, Menu, Phone, X } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button-styles';
import type { Business } from '../../../lib/site-config';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { NAV_ITEMS } from '../nav-items';
import { SiteLogo } from './site-logo';

/** The business's facts the header shows (its props travel as JSON: only these). */
export type HeaderFacts = Pick<Business, 'name' | 'phone' | 'telHref' | 'email' | 'hoursLines'>;

export function headerFacts(business: Business | undefined): HeaderFacts | undefined {
  return business && { name: business.name, phone: business.phone, telHref: business.telHref, email: business.email, hoursLines: business.hoursLines };
}

/** Explicit, not useId: the header hydrates on its own, where its tree is not the page's. */
const PANEL_ID = 'site-menu-panel';

/** What NavLink did: an item is current on its path (and below it unless `end`). */
function isCurrent(pathname: string, to: string, end: boolean) {
  return pathname === to || (!end && pathname.startsWith(`${to}/`));
}

function navClass({ isActive }: { isActive: boolean }) {
  return `relative rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-gold-300 after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-gold-400' : 'text-neutral-200 hover:text-gold-300'
  }`;
}

/**
 * Fixed header: logo, navigation, Book Now; shrinks past 50 px; a menu panel on small screens.
 * Plain links: the public pages are documents, each a page load.
 */
export function SiteHeader({ pathname, business }: { pathname: string; business?: HeaderFacts }) {
  const scrolled = useScrolledPast(50);
  const [open, setOpen] = useState(false);
  const panelId = PANEL_ID;
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // Close on navigation, on a click or tap outside, and on Escape.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || toggle.current?.contains(target)) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-50 border-b border-gold-400/20 bg-ink-950/95 text-white backdrop-blur transition-[height,box-shadow] duration-200 ${
        scrolled ? 'h-16 shadow-lg shadow-black/30' : 'h-20'
      }`}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLogo name={business?.name ?? ''} compact={scrolled} onNavigate={close} />

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <a href={item.to} aria-current={isCurrent(pathname, item.to, item.end) ? 'page' : undefined} className={navClass({ isActive: isCurrent(pathname, item.to, item.end) })}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <a href="/book" className={buttonClass('gold', scrolled ? 'sm' : 'md', 'max-sm:min-h-9 max-sm:px-3')}>
            Book Now
          </a>
          <button
            ref={toggle}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-gold-300 hover:bg-white/10 lg:hidden"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        </div>
      </div>

      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-gold-400/30 bg-ink-950 px-4 pb-6 pt-2 shadow-xl lg:hidden"
      >
        <nav aria-label="Mobile">
          <ul className="divide-y divide-white/10">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <a
                  href={item.to}
                  onClick={close}
                  aria-current={isCurrent(pathname, item.to, item.end) ? 'page' : undefined}
                  className={`block py-3 text-base font-medium ${isCurrent(pathname, item.to, item.end) ? 'text-gold-300' : 'text-neutral-100 hover:text-gold-300'}`}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a href="/book" onClick={close} className={buttonClass('gold', 'lg', 'mt-4 w-full')}>
          Book Now
        </a>
        {business && (
          <div className="mt-6 grid gap-3 text-sm text-neutral-300">
            <a href={business.telHref} className="flex items-center gap-2 hover:text-gold-300">
              <Phone aria-hidden="true" className="h-4 w-4 text-gold-400" />
              {business.phone}
            </a>
            <a href={`mailto:${business.email}`} className="flex items-center gap-2 break-all hover:text-gold-300">
              <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-gold-400" />
              {business.email}
            </a>
            <div className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
              <ul aria-label="Business hours">
                {business.hoursLines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </div>
    </header>
  );
}
