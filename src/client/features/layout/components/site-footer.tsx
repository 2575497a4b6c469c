import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { socialLinks } from '../../../components/ui/social-links';
import { useActiveServices } from '../../../lib/services';
import { useBusiness } from '../../../lib/site-config';
import { FOOTER_LINKS } from '../nav-items';
import { Island } from '../../../islands/island';
import { ScrollToTopButton } from './scroll-to-top-button';

export function SiteFooter() {
  // The year comes from the visitor's clock after hydration, so the server-rendered HTML matches.
  const [year, setYear] = useState<number | null>(null);
  useEffect(() => setYear(new Date().getFullYear()), []);
  const business = useBusiness();
  const { data: services } = useActiveServices();

  return (
    <footer className="bg-ink-950 text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-xl font-bold text-gold-300">{business?.name}</p>
          <p className="mt-3 text-sm leading-relaxed">
            {business?.tagline}. {business?.yearsInBusiness}+ years of careful, insured work, booked online 7 days a week.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {socialLinks(business?.social).map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${business?.name ?? ''} on ${label}`}
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
            {services?.map((s) => (
              <li key={s.slug} className="py-1">
                {s.name}
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-widest text-white">Get in Touch</h2>
          {business && (
            <ul className="mt-4 grid gap-3 text-sm">
              <li className="flex gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                <span>
                  {business.address}
                  <br />
                  {business.serviceRadius}
                </span>
              </li>
              <li>
                <a href={business.telHref} className="flex gap-2 hover:text-gold-300">
                  <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                  {business.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${business.email}`} className="flex gap-2 break-all hover:text-gold-300">
                  <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                  {business.email}
                </a>
              </li>
              <li className="flex gap-2">
                <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                <span>
                  {business.hoursLines.map((line, i) => (
                    <span key={line}>
                      {i > 0 && <br />}
                      {line}
                    </span>
                  ))}
                </span>
              </li>
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* data-copyright: on the public pages the islands loader writes the year after "©". */}
        <p data-copyright="" className="mx-auto max-w-7xl px-4 py-5 text-xs text-neutral-400 sm:px-6">
          © {year ?? ''} {business?.name}. All rights reserved. Licensed and insured.
        </p>
      </div>
      <Island name="scroll-top" component={ScrollToTopButton} props={{}} />
    </footer>
  );
}
