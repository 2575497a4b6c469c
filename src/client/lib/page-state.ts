import type { QueryClient } from '@tanstack/react-query';

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

/**
 * The reads the server wrote on the root element (`data-state`, JSON), as they are: the same
 * build's server rendered them from the same reads its API answers with, so the page hydrates
 * from them without zod, which /book wakes without (decision 0026). The fetchers parse the API's
 * answers with the schemas as ever, and the background refresh after hydration
 * (refreshSeededQueries) replaces each read with the API's parsed answer. {} for none.
 */
export function readPageState(container: HTMLElement): PageState {
  const raw = container.dataset.state;
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PageState) : {};
  } catch {
    return {};
  }
}
