import type { QueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';

/**
 * What the server read from the database for a page, by the URL each query fetches
 * (GET /api/config, /api/services, /api/testimonials): the page renders with it at once, on the
 * server and when it hydrates, instead of a loading state.
 */
export type PageState = Record<string, unknown>;

/** Puts the server's reads into the query cache, under the keys the fetchers use (the URL). */
export function seedQueries(client: QueryClient, state: PageState): void {
  for (const [url, data] of Object.entries(state)) client.setQueryData([url], data);
}

/**
 * After hydration the seeded reads are fetched once more in the background: a page kept by the
 * browser, or served a moment before the owner's change, catches up without a reload.
 */
export function refreshSeededQueries(client: QueryClient, state: PageState): void {
  for (const url of Object.keys(state)) void client.invalidateQueries({ queryKey: [url], exact: true });
}

/** The state the server wrote on the root element (`data-state`, JSON), not yet checked; {} for none. */
export function rawPageState(container: HTMLElement): Record<string, unknown> {
  const raw = container.dataset.state;
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The page's state, each read parsed with its schema as the fetcher would parse the API's answer.
 * A read with no schema, or one that does not parse, is left out: its query fetches it instead.
 */
export function readPageState(raw: Record<string, unknown>, schemas: Record<string, ZodType>): PageState {
  const state: PageState = {};
  for (const [url, data] of Object.entries(raw)) {
    const result = schemas[url]?.safeParse(data);
    if (result?.success) state[url] = result.data;
  }
  return state;
}
