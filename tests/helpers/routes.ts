import type { FastifyInstance } from 'fastify';

/**
 * Every API route and method the app registers, rebuilt from Fastify's printed route tree
 * (children are indented 4 columns a level). Matrices built on it cover a new route without
 * anyone editing the test.
 */
export function apiRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const table = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of table.split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const path = (depth > 0 ? stack[depth - 1] : '') + match[2];
    stack[depth] = path;
    if (!match[3] || !path.startsWith('/api/')) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: path });
    }
  }
  return routes;
}
