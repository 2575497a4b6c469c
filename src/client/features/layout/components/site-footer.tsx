import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { BUSINESS, BUSINESS_HOURS_TEXT, SERVICE_TYPES, YEARS_IN_BUSINESS } from '../../../../shared/constants';
import { FacebookIcon, GoogleIcon, InstagramIcon, YelpIcon } from '../../../components/ui/social-icons';
import { FOOTER_LINKS } from '../nav-items';
import { ScrollToTopButton } from './scroll-to-top-button';

const SOCIAL = [
  { href: BUSINESS.social.facebook, label: 'Facebook', Icon: FacebookIcon },
  { href: BUSINESS.social.instagram, label: 'Instagram', Icon: InstagramIcon },
  { href: BUSINESS.social.yelp, label: 'Yelp', Icon: YelpIcon },
  { href: BUSINESS.social.google, label: 'Google', Icon: GoogleIcon },
];

export function SiteFooter() {
  // The year comes from the visitor's clock after hydration, so the prerendered HTML matches.
  const [year, setYear] = useState<number | null>(null);
  useEffect(() => setYear(new Date().getFullYear()), []);

  return (
    <footer className="bg-ink-950 text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-xl font-bold text-gold-300">{BUSINESS.name}</p>
          <p className="mt-3 text-sm leading-relaxed">
            {BUSINESS.tagline}. {YEARS_IN_BUSINESS}+ years of careful, insured work, booked online 7 days a week.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${BUSINESS.name} on ${label}`}
                  className="grid h-10 w-10 place-items-center rounded-full border border-white/15 text-gold-300 transition-colors hover:border-gold-400 hover:bg-gold-400 hover:text-ink-950"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-widest text-white">Quick Links</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1 hover:text-gold-300">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-widest text-white">Our Services</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {SERVICE_TYPES.map((s) => (
              <li key={s.value} className="py-1">
                {s.label}
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-widest text-white">Get in Touch</h2>
          <ul className="mt-4 grid gap-3 text-sm">
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
              <span>
                {BUSINESS.address}
                <br />
                {BUSINESS.serviceRadius}
              </span>
            </li>
            <li>
              <a href={`tel:${BUSINESS.phone.replace(/[^\d+]/g, '')}`} className="flex gap-2 hover:text-gold-300">
                <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                {BUSINESS.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${BUSINESS.email}`} className="flex gap-2 break-all hover:text-gold-300">
                <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                {BUSINESS.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
              <span>
                {BUSINESS_HOURS_TEXT.weekdays}
                <br />
                {BUSINESS_HOURS_TEXT.saturday}
                <br />
                {BUSINESS_HOURS_TEXT.sunday}
              </span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-neutral-400 sm:px-6">
          © {year ?? ''} {BUSINESS.name}. All rights reserved. Licensed and insured.
        </p>
      </div>
      <ScrollToTopButton />
    </footer>
  );
}
