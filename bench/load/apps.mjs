// The built site started as a deployment runs it (`node scripts/start.mjs`, NODE_ENV=production),
// one or more instances, with the per-IP rate limits scaled out of the way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { atCleanup } from './cleanup.mjs';
import { root } from '../../scripts/ensure-build.mjs';
import { freePort, startNode, tempDir, waitReady } from './processes.mjs';

/** `npm start`'s node arguments (its heap limits included): the bench runs the app as it runs. */
const START_ARGS = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start.split(/\s+/).slice(1);

/** Every request of the bench comes from 127.0.0.1, so per-IP limits would measure the limiter. */
export const RATE_LIMIT_SCALE = '1000000';

// Blank (an empty variable counts as unset, and a .env file does not override it), so a
// developer's environment or .env cannot make the bench send mail, texts or payments, ask for
// reCAPTCHA, or point the embedded configuration at another database.
const BLANKED = [
  'DATABASE_URL', 'SMTP_URL', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET', 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY', 'GOOGLE_CLIENT_ID', 'ADMIN_EMAILS', 'CALENDAR_FEED_TOKEN',
];

function appEnv({ port, dataDir, databaseUrl, publicUrl }) {
  return {
    ...process.env,
    ...Object.fromEntries(BLANKED.map((name) => [name, ''])),
    NODE_ENV: 'production',
    PAYMENTS: 'demo',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE,
    // The bench stands in for the load balancer: it is the one hop in front, on loopback, and its
    // X-Forwarded-For names a new visitor per write (the app trusts no proxy unless told).
    TRUST_PROXY: '1',
  };
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * An app killed with SIGKILL leaves its embedded server running (decision 0006); stop it the way
 * the app would (SIGINT, a fast shutdown) before its folder goes. A clean stop removes the pid file.
 */
async function stopLeftServer(dataDir) {
  let pid;
  try {
    pid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
}

async function distinctPorts(count) {
  const ports = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  return ports;
}

/**
 * Starts `count` instances, each with its own temp DATA_DIR: on `databaseUrl`, or without it on
 * the embedded server the app runs in its DATA_DIR. They share one PUBLIC_URL (the first one's),
 * as instances behind one address do. `stop()` stops them all and removes their folders.
 */
export async function startApps({ count, databaseUrl }) {
  const ports = await distinctPorts(count);
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const apps = [];
  const folders = [];
  for (const port of ports) {
    const dataDir = tempDir('load-bench-data-');
    folders.push(dataDir);
    const env = appEnv({ port, dataDir: dataDir.path, databaseUrl, publicUrl });
    const stopServer = databaseUrl ? null : atCleanup(() => stopLeftServer(dataDir.path));
    const proc = startNode(START_ARGS, env);
    const url = `http://127.0.0.1:${port}`;
    apps.push({ ...proc, url, dataDir: dataDir.path, env, stopServer });
    await waitReady(proc, `${url}/readyz`);
  }
  return {
    apps,
    publicUrl,
    async stop() {
      await Promise.all(apps.map((app) => app.stop().then(() => app.stopServer?.())));
      for (const folder of folders) await folder.remove();
    },
  };
}
