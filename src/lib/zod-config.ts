import { config } from 'zod/mini';
import { installZodMessages } from '@/i18n/zod-errors';

/*
 * Our CSP forbids eval, so zod's compiled (JIT) parsers can never run here, and its start-up probe
 * (`new Function`) only gets a CSP violation reported in the console (Lighthouse best practices).
 * Imported first by main.tsx, before any schema parses; it also gives zod's built-in checks our words.
 */
config({ jitless: true });
installZodMessages();
