import { config } from 'zod';

// zod compiles object parsers with `new Function` after probing whether eval is allowed; the
// site's CSP forbids eval, so the probe shows as a CSP violation in the console. Parse without it.
config({ jitless: true });
