/**
 * zod as every shared schema module uses it: imported from here, so the browser's setting is made
 * before any schema is built, whichever module the bundle happens to evaluate first. In the
 * browser, zod's first object schema would probe `new Function` to decide on its JIT; Haven's
 * Content-Security-Policy forbids eval, so the probe shows as a violation. The server keeps the JIT.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
