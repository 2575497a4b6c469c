import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/schemas/content';

/** Run-time settings from GET /api/config (payment provider and keys, reCAPTCHA, Google). */
export function useSiteConfig() {
  return useQuery<PublicConfig>({ queryKey: ['/api/config'] });
}
