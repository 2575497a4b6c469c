// What the client's `import ... from 'zod'` resolves to (vite.config.ts, vite.islands.config.ts):
// zod set to parse without eval before any schema exists. zod 4 decides when a schema is built
// whether to compile it with `new Function`; the site's CSP forbids eval, so a schema built before
// `config({ jitless: true })` ran would probe it and show a CSP violation in the console. With
// lazy chunks, which module builds a schema first depends on what arrives first; here it cannot.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
