import { config } from 'zod';

// Zod probes `new Function` to compile fast parsers; the CSP (script-src 'self') forbids eval, and
// the refused probe is reported as a CSP violation in the browser's Issues panel on every page.
config({ jitless: true });
