import { config } from 'zod/mini';

/*
 * Our CSP forbids eval, so zod's compiled (JIT) parsers can never run here, and its start-up probe
 * (`new Function`) only gets a CSP violation reported in the console (Lighthouse best practices).
 * Imported first by main.tsx, before any schema parses. zod's built-in checks get their words when the app starts
 * (src/app/app.tsx): the sign-in schemas carry their own, so the cold sign-in visit does not download them.
 */
config({ jitless: true });
