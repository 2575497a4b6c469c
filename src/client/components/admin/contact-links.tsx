import { Mail, MapPin, Phone } from 'lucide-react';
import { mapsUrl } from '../../../shared/schemas/admin-agenda';
import { telHref } from '../../../shared/tel-href';

/** The owner's links to a customer (a job on the agenda, an estimate request): one tap to map, call or write. */
const linkClass = 'inline-flex gap-1.5 font-medium text-ink-950 underline decoration-gold-500 underline-offset-2 hover:text-gold-800';

/** The address as a Google Maps search: on a phone it opens the maps app. */
export function AddressLink({ address }: { address: string }) {
  return (
    <a href={mapsUrl(address)} target="_blank" rel="noreferrer" className={`${linkClass} items-start`}>
      <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
      <span className="break-words">
        {address}
        <span className="sr-only"> (opens Google Maps in a new tab)</span>
      </span>
    </a>
  );
}

/** Tap to call. */
export function PhoneLink({ phone, name }: { phone: string; name: string }) {
  return (
    <a href={telHref(phone)} className={`${linkClass} items-center`}>
      <Phone className="h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
      <span>
        <span className="sr-only">Call {name} at </span>
        {phone}
      </span>
    </a>
  );
}

/** Tap to write. */
export function EmailLink({ email, name }: { email: string; name: string }) {
  return (
    <a href={`mailto:${email}`} className={`${linkClass} items-center`}>
      <Mail className="h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
      <span className="break-all">
        <span className="sr-only">Email {name} at </span>
        {email}
      </span>
    </a>
  );
}
