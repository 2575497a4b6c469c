import type { ComponentType } from 'react';
import { FacebookIcon, GoogleIcon, InstagramIcon, YelpIcon } from './social-icons';

const NETWORKS: { key: 'facebook' | 'instagram' | 'yelp' | 'google'; label: string; Icon: ComponentType }[] = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'yelp', label: 'Yelp', Icon: YelpIcon },
  { key: 'google', label: 'Google', Icon: GoogleIcon },
];

/** The business's social links in a fixed order; a network the owner left empty is left out. */
export function socialLinks(social: Record<string, string> | undefined) {
  return NETWORKS.filter(({ key }) => social?.[key]).map(({ key, label, Icon }) => ({ href: social![key]!, label, Icon }));
}
