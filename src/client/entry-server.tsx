import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

/** Renders one route to HTML at build time, waiting for its lazy page chunk. */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // A static page has nothing to stream: never outline Suspense boundaries into template +
    // inline-script pairs (the CSP allows no inline scripts, and hydration would fail).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export { PAGE_META } from './app/meta';
export { PRERENDERED_ROUTES } from '../shared/routes';
