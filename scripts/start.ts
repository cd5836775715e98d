/**
 * npm start: builds the dashboard, starts the emulator (unless API_BASE_URL
 * points at a real service), serves the dashboard and prints where.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '../emulator/seed';
import { parseTrustProxy } from '../server/request-origin';
import { stopOnSignals } from '../server/shutdown';
import { buildDashboard, startStack } from './stack/stack';

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5173),
    HOST: z.string().default('127.0.0.1'),
    API_BASE_URL: z.url({ error: 'API_BASE_URL must be a URL like https://api.example.com' }).optional(),
    STORAGE_ORIGINS: z.string().optional(),
    SKIP_BUILD: z.enum(['0', '1']).default('0'),
    TLS_CERT_FILE: z.string().optional(),
    TLS_KEY_FILE: z.string().optional(),
    // Behind a reverse proxy: how many proxies' X-Forwarded-* to believe (docs/deploying.md). Never by default.
    TRUST_PROXY: z
      .string()
      .optional()
      .refine((value) => parseTrustProxy(value) !== undefined, { error: 'TRUST_PROXY must be false, true or the number of proxies in front (0-99)' })
      .transform((value) => parseTrustProxy(value)!),
    // One line per request on stdout; `off` when the proxy in front keeps its own.
    ACCESS_LOG: z.enum(['on', 'off'], { error: 'ACCESS_LOG must be on or off' }).default('on'),
    // The storage relay (docs/decisions/upload-relay.md).
    UPLOAD_RELAY: z.enum(['auto', 'always', 'never'], { error: 'UPLOAD_RELAY must be auto, always or never' }).default('auto'),
  })
  .refine((e) => !e.TLS_CERT_FILE === !e.TLS_KEY_FILE, { path: ['TLS_KEY_FILE'], error: 'TLS_CERT_FILE and TLS_KEY_FILE go together' })
  .safeParse(process.env);
if (!env.success) {
  const issue = env.error.issues[0]!;
  console.error(`Setting ${String(issue.path[0])} is not valid: ${issue.message}`);
  process.exit(1);
}
const { PORT, HOST, API_BASE_URL, STORAGE_ORIGINS, SKIP_BUILD, TLS_CERT_FILE, TLS_KEY_FILE, UPLOAD_RELAY, TRUST_PROXY, ACCESS_LOG } = env.data;
// With a certificate the dashboard is served over HTTPS and HTTP/2, as a deployment serves it.
const tls = TLS_CERT_FILE && TLS_KEY_FILE ? { cert: fs.readFileSync(TLS_CERT_FILE), key: fs.readFileSync(TLS_KEY_FILE) } : undefined;
if (SKIP_BUILD !== '1') console.log('Building the dashboard…');
const distDir = await buildDashboard('dist', { reuse: SKIP_BUILD === '1' });

const extraStorageOrigins = STORAGE_ORIGINS?.split(/[\s,]+/).filter(Boolean) ?? [];
const deployment = { trustProxy: TRUST_PROXY, accessLog: ACCESS_LOG === 'on' ? (line: string) => console.log(line) : undefined };
const stack = API_BASE_URL
  ? await startStack({
      distDir,
      host: HOST,
      port: PORT,
      tls,
      uploadRelay: UPLOAD_RELAY,
      ...deployment,
      service: { apiBaseUrl: API_BASE_URL },
      // A real service's presigned storage can be any https host.
      storageOrigins: extraStorageOrigins.length ? extraStorageOrigins : ['https:'],
    })
  : await startStack({ distDir, host: HOST, port: PORT, tls, uploadRelay: UPLOAD_RELAY, ...deployment, emulator: { env: process.env }, storageOrigins: extraStorageOrigins });
if (stack.emulator) console.log(`Emulator on ${stack.emulator.url}`);

console.log(`\nImprint is running at ${stack.dashboardUrl}`);
if (API_BASE_URL) {
  console.log(`API calls go to ${API_BASE_URL}`);
} else {
  console.log(`Demo account:   ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  console.log(`Second account: ${SECOND_ACCOUNT.email} / ${SECOND_ACCOUNT.password}`);
}
console.log('Press Ctrl-C to stop.');

// The dashboard first, so the requests in flight through it finish against a running emulator; then the emulator.
stopOnSignals(() => stack.stop());
