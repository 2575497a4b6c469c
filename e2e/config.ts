/** Port and flags shared by the Playwright config and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
