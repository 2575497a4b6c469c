import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import { seedQueries, type PageState } from './lib/page-state';
import type { FormPost } from '../shared/form-post';

/**
 * Renders one public route to HTML on the server, from the database's reads in `state` (the
 * same data the page's queries would fetch), waiting for the route's lazy page chunk.
 * `formPost` is the server's answer to a form posted without JavaScript (values, messages);
 * `today` the business's day a dated page (/book's calendar) is rendered for.
 */
export async function render(url: string, state: PageState, formPost: FormPost | null = null, today: string | null = null): Promise<string> {
  const queryClient = createQueryClient();
  seedQueries(queryClient, state);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App queryClient={queryClient} formPost={formPost} today={today} />
      </StaticRouter>
    </StrictMode>,
    // A static page has nothing to stream: never outline Suspense boundaries into template +
    // inline-script pairs (the CSP allows no inline scripts, and hydration would fail).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  queryClient.clear();
  return Buffer.concat(chunks).toString('utf8');
}

export { PAGE_META, withBusinessFacts } from './app/meta';
export { ISLAND_ROUTES, SERVER_RENDERED_ROUTES } from '../shared/routes';
