#!/usr/bin/env node
// Builds everything `npm start` serves: the client (Vite), the SSR entry the server renders the
// public pages with at run time, the server bundle (esbuild), and brotli/gzip copies of the text
// assets.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// DIST_DIR lets several builds live side by side (parallel test runs); default ./dist.
const dist = process.env.DIST_DIR ? resolve(root, process.env.DIST_DIR) : join(root, 'dist');
const started = Date.now();

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const bin = (name) => join(root, 'node_modules', '.bin', name);

rmSync(dist, { recursive: true, force: true });
run(bin('vite'), ['build', '--outDir', join(dist, 'client'), '--emptyOutDir', '--logLevel', 'warn']);
// The public pages' islands, beside the app's assets (ISLANDS_RUNTIME picks React or Preact).
run(bin('vite'), ['build', '-c', 'vite.islands.config.ts', '--outDir', join(dist, 'client'), '--logLevel', 'warn']);
run(bin('vite'), ['build', '--ssr', 'src/client/entry-server.tsx', '--outDir', join(dist, 'ssr'), '--logLevel', 'warn']);
run(bin('esbuild'), [
  'src/server/main.ts',
  'src/server/cli.ts',
  // Its own file beside main.js, where calendar-parse.ts starts it from (a worker thread).
  'calendar-parse-worker=src/server/calendars/services/calendar-parse-worker.ts',
  '--bundle',
  '--platform=node',
  '--format=esm',
  '--target=node20',
  '--packages=external',
  '--log-level=warning',
  `--outdir=${join(dist, 'server')}`,
]);

// The page template and each route's preload tags, for the server's rendering of the pages.
const clientDir = join(dist, 'client');
const manifestFile = join(clientDir, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const islandsManifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'islands-manifest.json'), 'utf8'));
const islandsLoader = Object.values(islandsManifest).find((chunk) => chunk.isEntry).file;
rmSync(join(clientDir, '.vite'), { recursive: true, force: true });

// The stylesheet is small (about 10 KB compressed) and blocks the first paint: inline it, so a
// server-rendered page paints from its HTML alone.
const template = readFileSync(join(clientDir, 'index.html'), 'utf8').replace(
  /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
  (_tag, href) => `<style>${readFileSync(join(clientDir, href), 'utf8')}</style>`,
);

/**
 * The API reads a page shows above the fold that the server does not put in the page itself:
 * fetched alongside the JS instead of after hydration, so the list replaces its skeletons sooner.
 * `use-credentials` matches the app's own fetches (credentials: 'include'), so the browser reuses
 * the preloaded reply instead of asking twice. (The gallery page has its projects in the page.)
 */
const API_PRELOADS = { '/': ['/api/gallery'] };
const apiPreloads = (route) => (API_PRELOADS[route] ?? []).map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`).join('\n    ');
/**
 * The island pages' template: the app's template with its entry script and module preloads
 * swapped for the islands loader, the only script of their first view.
 */
const islandTemplate = template
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(/<script type="module"[^>]*><\/script>/, () => `<script type="module" crossorigin src="/${islandsLoader}"></script>`);
const ssr = await import(pathToFileURL(join(dist, 'ssr', 'entry-server.js')).href);

// The server renders the public pages at run time from the database (src/server/plugins/pages.ts):
// it needs the page template and, per route, the head tags that fetch the route's API reads early.
const preloads = {};
for (const route of [...ssr.SERVER_RENDERED_ROUTES, '/__not-found__']) {
  // No page preloads a module: an island page's islands load when wanted (see islands/loader.ts),
  // and the app's code is fetched once the page has painted (boot.ts), so none of it can hold up
  // the first paint, nor be counted against it.
  preloads[route] = apiPreloads(route);
}

/**
 * The pages the server renders whole that run the app only once the visitor reaches for it
 * (boot.ts, `data-wake="touch"`), with what their waking runs: the app, the page's chunk and the
 * toasts' stack, and what runs right after, the schemas the refresh of the page's reads parses
 * with (shared chunks, named `chunk:<name>`). Each gets the files of those and of everything they
 * import, for the browser to fetch (not run) once the page has loaded.
 */
const WAKE_SOURCES = {
  '/book': ['src/client/main.tsx', 'chunk:content', 'chunk:price-list', 'src/client/app/pages/book-page.tsx', 'src/client/components/ui/toast-stack.tsx'],
};
function manifestKey(source) {
  if (!source.startsWith('chunk:')) return source;
  const keys = Object.keys(manifest).filter((key) => key.startsWith(`_${source.slice(6)}-`) && key.endsWith('.js'));
  if (keys.length !== 1) throw new Error(`build: ${source} names ${keys.length} chunks in the client's manifest (WAKE_SOURCES)`);
  return keys[0];
}
function filesOf(sources) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`build: ${key} is not in the client's manifest (WAKE_SOURCES)`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(manifestKey(source));
  return [...files];
}
const wakeModules = Object.fromEntries(Object.entries(WAKE_SOURCES).map(([route, sources]) => [route, filesOf(sources)]));
writeFileSync(join(dist, 'ssr', 'shell.json'), JSON.stringify({ template, islandTemplate, preloads, wakeModules }));

// The owner's app (/admin, decision 0022): icons made from the logo, and the service worker with
// the admin shell to precache. The public pages reference neither.
await buildOwnerApp();

// index.html is the template, read from shell.json; it is not a page of its own.
rmSync(join(clientDir, 'index.html'), { force: true });

// Precompress text assets; the server picks .br or .gz from Accept-Encoding.
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
for (const file of walk(clientDir)) {
  if (!/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(file) || statSync(file).size < 512) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}
writeFileSync(join(dist, '.build-stamp'), new Date().toISOString());

/**
 * The files the admin needs with no network: the entry and what it imports, the admin page's
 * chunk and everything it loads (lazy dialogs and schemas too), and what the entry loads lazily
 * for every page (the toasts, the config's schema), but no other page's code.
 */
function adminShellFiles() {
  const files = new Set();
  const isOtherPage = (key) => (key.startsWith('src/client/app/pages/') && key !== 'src/client/app/pages/admin-page.tsx') || key.includes('dashboard-layout');
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    // A chunk's own stylesheet (the owner's app's, app/admin/owner-app.css); the site's is inlined in the page.
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const dep of chunk.dynamicImports ?? []) if (!isOtherPage(dep)) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  visit('src/client/app/pages/admin-page.tsx');
  return [...files];
}

async function buildOwnerApp() {
  const { default: sharp } = await import('sharp');
  const { build } = await import('esbuild');
  const { injectManifest } = await import('workbox-build');
  // The logo's square mark (its first rect and path), on its own: the app's icon.
  const logo = readFileSync(join(root, 'public', 'images', 'logo.svg'), 'utf8');
  const mark = [/<rect[^>]*\/>/, /<path[^>]*\/>/].map((re) => re.exec(logo)?.[0]);
  if (mark.some((part) => !part)) throw new Error('public/images/logo.svg: its mark (a rect and a path) was not found');
  const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">${mark.join('')}</svg>`;
  // Maskable: the mark inside the safe circle (80 % of the icon) on a full black square.
  const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-16 -16 80 80"><rect x="-16" y="-16" width="80" height="80" fill="#0a0a0a"/>${mark.join('')}</svg>`;
  const iconsDir = join(clientDir, 'admin-icons');
  mkdirSync(iconsDir, { recursive: true });
  for (const size of [192, 512]) {
    await sharp(Buffer.from(icon), { density: (72 * size) / 48 }).resize(size, size).png().toFile(join(iconsDir, `icon-${size}.png`));
    await sharp(Buffer.from(maskable), { density: (72 * size) / 80 }).resize(size, size).png().toFile(join(iconsDir, `maskable-${size}.png`));
  }

  const swSrc = join(dist, 'admin-sw.src.js');
  await build({
    entryPoints: [join(root, 'src', 'client', 'sw', 'admin-sw.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: swSrc,
    logLevel: 'warning',
  });
  const shellFiles = adminShellFiles();
  const { count, size, warnings } = await injectManifest({
    swSrc,
    swDest: join(clientDir, 'admin-sw.js'),
    globDirectory: clientDir,
    globPatterns: [...shellFiles, 'admin-icons/*.png'],
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
    // The page itself, as the server answers /admin (the app shell); new with every build.
    additionalManifestEntries: [{ url: '/admin', revision: String(started) }],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  });
  rmSync(swSrc, { force: true });
  if (warnings.length) console.warn(`build: service worker: ${warnings.join('; ')}`);
  console.log(`build: admin service worker precaches ${count} files, ${(size / 1024).toFixed(0)} KB`);
}
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
