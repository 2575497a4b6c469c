// Builds the site when there is no build yet or any source is newer than the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The build folder: DIST_DIR, default ./dist. */
export const distDir = process.env.DIST_DIR ? resolve(root, process.env.DIST_DIR) : join(root, 'dist');

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), s.mtimeMs);
}

export function ensureBuild() {
  const stamp = join(distDir, '.build-stamp');
  const sources = ['src', 'public', 'drizzle', 'index.html', 'vite.config.ts', 'vite.islands.config.ts', 'vite.preact.ts', 'package-lock.json', 'scripts/build.mjs'].map((p) => join(root, p));
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (existsSync(join(distDir, 'server', 'main.js')) && Math.max(...sources.map(newest)) <= builtAt) return;
  console.log('Building the site first (npm run build)...');
  const res = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
