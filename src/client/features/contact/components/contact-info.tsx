import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { socialLinks } from '../../../components/ui/social-links';
import { useBusiness } from '../../../lib/site-config';

function Item({ Icon, title, Heading, children }: { Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; title: string; Heading: 'h3' | 'h4'; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="grid h-11 w-11 shrink-0 place-items-center rounded-lg bg-gold-400 text-ink-950">
        <Icon aria-hidden={true} className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <Heading className="font-semibold text-white">{title}</Heading>
        <div className="mt-1 text-sm leading-relaxed text-neutral-300">{children}</div>
      </div>
    </li>
  );
}

/** 'Our Information': service area, phone, email, hours and social links, on a dark card. */
export function ContactInfo({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const business = useBusiness();
  return (
    <div className="rounded-2xl bg-ink-950 p-6 text-white shadow-sm sm:p-8">
      <Heading className="font-display text-2xl font-bold text-gold-300">Our Information</Heading>
      <ul className="mt-6 grid gap-6">
        <Item Icon={MapPin} title="Our Service Area" Heading={Sub}>
          <p>{business?.address}</p>
          <p>{business?.serviceRadius}</p>
        </Item>
        <Item Icon={Phone} title="Phone" Heading={Sub}>
          <a href={business?.telHref} className="hover:text-gold-300">
            {business?.phone}
          </a>
        </Item>
        <Item Icon={Mail} title="Email" Heading={Sub}>
          <a href={business && `mailto:${business.email}`} className="break-all hover:text-gold-300">
            {business?.email}
          </a>
        </Item>
        <Item Icon={Clock} title="Business Hours" Heading={Sub}>
          {business?.hoursLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Item>
      </ul>
      <div className="mt-8 border-t border-white/10 pt-6">
        <Sub className="font-semibold text-white">Follow Us</Sub>
        <ul className="mt-3 flex gap-3">
          {socialLinks(business?.social).map(({ href, label, Icon }) => (
            <li key={label}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Follow us on ${label}`}
                className="grid h-11 w-11 place-items-center rounded-full border border-white/20 text-gold-300 transition-colors hover:border-gold-400 hover:bg-gold-400 hover:text-ink-950"
              >
                <Icon />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
