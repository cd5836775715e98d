import { config } from 'zod/mini';

/*
 * Our CSP forbids eval, so zod's compiled (JIT) parsers can never run here, and its start-up probe
 * (`new Function`) only gets a CSP violation reported in the console (Lighthouse best practices).
 * Imported first by main.tsx, before any schema parses.
 */
config({ jitless: true });
