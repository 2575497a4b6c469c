import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '../../shared/schemas/content';
import { getJson } from './api';

/** Query keys of the site's run-time settings; the first element is the URL read. */
export const siteConfigKeys = {
  all: () => ['/api/config'] as const,
};

/** Run-time settings from GET /api/config (payment provider and keys, reCAPTCHA, Google). */
export function getSiteConfig(): Promise<PublicConfig> {
  return getJson('/api/config', publicConfigSchema);
}

/** For `queryClient.fetchQuery` / `ensureQueryData` outside components. */
export const siteConfigQuery = () => queryOptions({ queryKey: siteConfigKeys.all(), queryFn: getSiteConfig });

export function useSiteConfig() {
  return useQuery(siteConfigQuery());
}
