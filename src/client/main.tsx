import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { routeFor } from './app/routes';
import './styles.css';

async function start() {
  const container = document.getElementById('root')!;
  const tree = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  if (container.dataset.prerendered === 'true') {
    // Load the landing page's chunk first, so hydration finds the same tree the HTML came from.
    await routeFor(window.location.pathname).load();
    hydrateRoot(container, tree);
  } else {
    createRoot(container).render(tree);
  }
}

void start();
