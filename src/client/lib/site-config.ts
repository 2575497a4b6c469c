import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hoursLines } from '../../shared/hours-text';
import { telHref } from '../../shared/tel-href';
import type { PublicConfig } from '../../shared/schemas/content';
import { getJson } from './api';

/** Query keys of the site's run-time settings; the first element is the URL read. */
export const siteConfigKeys = {
  all: () => ['/api/config'] as const,
};

/** Run-time settings from GET /api/config (payment provider and keys, reCAPTCHA, Google). */
export function getSiteConfig(): Promise<PublicConfig> {
  // The schema (and zod) loads beside the request, not in the entry chunk every page loads.
  return getJson(
    '/api/config',
    import('../../shared/schemas/content').then((m) => m.publicConfigSchema),
  );
}

/** For `queryClient.fetchQuery` / `ensureQueryData` outside components. */
export const siteConfigQuery = () => queryOptions({ queryKey: siteConfigKeys.all(), queryFn: getSiteConfig });

export function useSiteConfig() {
  return useQuery(siteConfigQuery());
}

export type Business = PublicConfig['business'] & {
  /** The "Business Hours" lines, days with the same hours grouped. */
  hoursLines: string[];
  /** The phone as a tel: link. */
  telHref: string;
};

/**
 * The business's facts the owner edits in /admin (name, phone, hours...). Every page's HTML
 * carries the config (see entry-server), so this is there from the first render; undefined only
 * where a page was rendered without it.
 */
export function useBusiness(): Business | undefined {
  const { data } = useSiteConfig();
  return useMemo(
    () => (data ? { ...data.business, hoursLines: hoursLines(data.schedule.hours), telHref: telHref(data.business.phone) } : undefined),
    [data],
  );
}
