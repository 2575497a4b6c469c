#!/usr/bin/env node
// The public pages' islands (src/client/islands), page by page, at a desktop and a phone width:
// the JS fetched once every island is awake (idle ones, then the menu opened, the contact form
// hovered and the page scrolled), console errors and page errors, and per island whether
// hydration kept the server's DOM (its first element still the same node) or replaced it.
// With MARKUP=1 and a Preact islands build, each island is also rendered once more with Preact's
// render() (patched into the hydrate chunk) and compared with the server's (React's) markup:
// Preact's hydration adopts the DOM without patching it, so a difference there stays on screen.
// REDUCED_MOTION=1 visits as a visitor who asked for less motion.
// Usage: node bench/islands.bench.mjs   (DIST_DIR and ISLANDS_RUNTIME as for the build)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir, ensureBuild, root } from '../scripts/ensure-build.mjs';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/services', '/gallery', '/testimonials', '/contact'];
const port = 5600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;
const gz = (url) => {
  const file = join(distDir, 'client', new URL(url).pathname);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
};

/** The hydrate chunk with a second, plain Preact render of each island kept beside the server's HTML. */
function withMarkupCapture(src) {
  const render = src.match(/render:function\((\w+)\)\{(\w+)\(\1,/)?.[2];
  const hydrate = src.match(/function (\w+)\((\w+),(\w+),(\w+)\)\{return new Promise\(/);
  const jsx = src.match(/\(\w+,(\w+)\(\w+,\{onCommit:/)?.[1];
  if (!render || !hydrate || !jsx) throw new Error('MARKUP=1 needs the Preact islands build');
  const [whole, name, el, component, props] = hydrate;
  return (
    src.replace(whole, `function ${name}(${el},${component},${props}){__capture(${el},${component},${props});return new Promise(`) +
    `\nvar __render=${render};function __capture(el,C,p){const d=document.createElement("div");__render(${jsx}(C,{...p}),d);(window.__markup||=[]).push([el.dataset.island,window.__server.get(el),d.innerHTML]);}`
  );
}

/** Differences between the server's markup and the client's, node by node (comments dropped, attributes as sets). */
function markupDifferences() {
  const out = [];
  const parse = (html) => Object.assign(document.createElement('template'), { innerHTML: html }).content;
  const kids = (n) =>
    [...n.childNodes]
      .filter((c) => c.nodeType !== 8)
      .reduce((all, c) => {
        const last = all[all.length - 1];
        if (c.nodeType === 3 && last?.nodeType === 3) all[all.length - 1] = document.createTextNode(last.data + c.data);
        else all.push(c);
        return all;
      }, [])
      .filter((c) => !(c.nodeType === 3 && c.data === ''));
  const attrs = (e) => [...(e.attributes ?? [])].map((a) => `${a.name}=${a.value}`).sort();
  const label = (e) => (e.nodeType === 1 ? e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') : e.nodeType === 3 ? '#text' : '');
  const compare = (a, b, at) => {
    if (out.length > 20) return;
    if (a.nodeType !== b.nodeType || label(a) !== label(b)) return void out.push(`${at}: ${label(a)} vs ${label(b)}`);
    if (a.nodeType === 3) return void (a.data !== b.data && out.push(`${at}: "${a.data.slice(0, 40)}" vs "${b.data.slice(0, 40)}"`));
    const [x, y] = [attrs(a), attrs(b)];
    const server = x.filter((v) => !y.includes(v));
    const client = y.filter((v) => !x.includes(v));
    if (server.length || client.length) out.push(`${at}/${label(a)}: server ${JSON.stringify(server)}, client ${JSON.stringify(client)}`);
    const [ka, kb] = [kids(a), kids(b)];
    if (ka.length !== kb.length) out.push(`${at}/${label(a)}: ${ka.length} vs ${kb.length} children`);
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) compare(ka[i], kb[i], `${at}/${label(a)}`);
  };
  for (const [name, server, client] of window.__markup ?? []) compare(parse(server), parse(client), name);
  return out;
}

async function visit(browser, path, width) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: process.env.REDUCED_MOTION ? 'reduce' : 'no-preference' });
  const page = await context.newPage();
  const messages = [];
  let js = 0;
  page.on('response', (res) => res.request().resourceType() === 'script' && (js += gz(res.url())));
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && messages.push(`${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message.slice(0, 300)}`));
  if (process.env.MARKUP) {
    await page.route('**/assets/hydrate-*.js', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: withMarkupCapture(await res.text()) });
    });
  }
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const islands = [...document.querySelectorAll('[data-island]')];
      window.__first = islands.map((el) => el.firstElementChild);
      window.__server = new Map(islands.map((el) => [el, el.innerHTML]));
    });
  });
  await page.goto(base + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.locator('header').hover();
  if (width < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor({ timeout: 5000 });
    await page.keyboard.press('Escape');
  }
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  if (await form.count()) await form.hover({ timeout: 5000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(1500);
  const islands = await page.evaluate(() =>
    [...document.querySelectorAll('[data-island]')].map((el, i) => {
      const first = window.__first[i];
      const dom = first === null ? 'was empty' : el.firstElementChild === first ? 'kept' : 'REPLACED';
      return `${el.dataset.island} (${el.dataset.live ? 'live' : 'not live'}, ${dom})`;
    }),
  );
  const markup = process.env.MARKUP ? await page.evaluate(markupDifferences) : [];
  await context.close();
  return { js, islands, messages, markup };
}

ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'islands-bench-'));
const server = spawn(process.execPath, [join(distDir, 'server', 'main.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, PAYMENTS: 'demo', NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let problems = 0;
try {
  for (let i = 0; i < 150 && !(await fetch(`${base}/readyz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const path of PAGES) {
      for (const width of [1280, 375]) {
        const r = await visit(browser, path, width);
        console.log(`${path} at ${width} px: ${(r.js / 1024).toFixed(1)} KB JS once awake; ${r.islands.join(', ')}`);
        for (const line of [...r.messages, ...r.markup.map((d) => `markup: ${d}`)]) console.log(`    ${line}`);
        problems += r.messages.length + r.markup.length + r.islands.filter((s) => s.includes('REPLACED')).length;
      }
    }
  } finally {
    await browser.close();
  }
  console.log(problems ? `\n${problems} problems.` : '\nClean: no console errors, every island kept the server DOM.');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
