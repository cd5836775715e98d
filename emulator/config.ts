import path from 'node:path';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_S, MAX_FILE_BYTES, RATE_LIMITS_PER_MINUTE, WEBHOOK_RETRY_DELAYS_S } from '../src/api/limits';

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** Rate limits per plan, requests per minute (interface notes). "free=60,pro=300" overrides some. */
const rateLimits = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const limits: Record<string, number> = { ...RATE_LIMITS_PER_MINUTE };
    for (const part of (value ?? '').split(',').filter(Boolean)) {
      const [plan, count] = part.split('=');
      const n = Number(count);
      if (!plan || !Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not plan=requestsPerMinute` });
        return z.NEVER;
      }
      limits[plan.trim()] = n;
    }
    return limits;
  });

/** `*`, `none`, or a list of origins (scheme://host[:port], no path), as a bucket's AllowedOrigins. */
const storageCors = z
  .string()
  .default('*')
  .transform((value, ctx): '*' | 'none' | string[] => {
    const trimmed = value.trim();
    if (trimmed === '*' || trimmed === '') return '*';
    if (trimmed === 'none') return 'none';
    const origins: string[] = [];
    for (const part of trimmed.split(',').map((p) => p.trim()).filter(Boolean)) {
      let origin: string | null = null;
      try {
        origin = new URL(part).origin;
      } catch {
        // reported below
      }
      if (!origin || origin === 'null' || origin !== part.replace(/\/$/, '')) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not an origin such as http://127.0.0.1:5173 (or use * or none)` });
        return z.NEVER;
      }
      origins.push(origin);
    }
    return origins;
  });

const envSchema = z.object({
  EMULATOR_PORT: int(8787),
  EMULATOR_HOST: z.string().default('127.0.0.1'),
  EMULATOR_DATA_DIR: z.string().default('.data'),
  /** Where browsers reach the emulator's storage; presigned URLs are built on it. */
  EMULATOR_PUBLIC_URL: z.string().url().optional(),
  EMULATOR_TOKEN_TTL_S: int(ACCESS_TOKEN_TTL_S, 1),
  EMULATOR_UPLOAD_URL_TTL_S: int(900, 1),
  /**
   * Set: presigned storage URLs are served by a second listener on this port (another origin, as S3 is), with S3's
   * bucket CORS rules, XML errors and a signed Content-Type. Unset: storage answers on EMULATOR_PORT under /storage.
   * 0 picks a free port (tests).
   */
  EMULATOR_STORAGE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The bucket's CORS rule when storage has its own origin: `*`, origins separated by commas, or `none`. */
  EMULATOR_STORAGE_CORS: storageCors,
  EMULATOR_RATE_LIMITS: rateLimits,
  EMULATOR_PROCESSING_DELAY_MS: int(0),
  EMULATOR_FAULT_UPLOAD_RATE: z.coerce.number().min(0).max(1).default(0),
  /** demo: the two accounts and the demo account's history; accounts: the two accounts, empty; none: no accounts. */
  EMULATOR_SEED: z.enum(['demo', 'accounts', 'none']).default('demo'),
  EMULATOR_LOG: z.enum(['quiet', 'requests']).default('quiet'),
  /** Largest accepted upload and largest image fetched in URL mode. */
  EMULATOR_UPLOAD_MAX_BYTES: int(MAX_FILE_BYTES, 1),
  EMULATOR_URL_FETCH_TIMEOUT_MS: int(15_000, 1),
  /** Orders processed at the same time. */
  EMULATOR_JOB_CONCURRENCY: int(2, 1),
  /** Worker threads for image processing (default: cores - 1, at least 1). */
  EMULATOR_PROCESSING_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** "1": test-only routes (POST /_emulator/webhooks/:id/test-events), for the e2e stack; never on by default. */
  EMULATOR_TEST_ROUTES: z.enum(['0', '1']).default('0'),
  /** Webhook retry delays, "1000,2000,4000" (the service's schedule); shorter values are for tests only. */
  EMULATOR_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'must be comma-separated milliseconds, e.g. 1000,2000,4000' })
    .default(WEBHOOK_RETRY_DELAYS_S.map((s) => s * 1000).join(','))
    .transform((value) => value.split(',').map(Number)),
});

/** The settings as the emulator reads them; the type is inferred from here, so it cannot drift from the parsing. */
const configSchema = envSchema.transform((e) => ({
  port: e.EMULATOR_PORT,
  host: e.EMULATOR_HOST,
  dataDir: path.resolve(e.EMULATOR_DATA_DIR),
  publicUrl: e.EMULATOR_PUBLIC_URL,
  tokenTtlSeconds: e.EMULATOR_TOKEN_TTL_S,
  uploadUrlTtlSeconds: e.EMULATOR_UPLOAD_URL_TTL_S,
  /** Storage on its own origin (S3-like) when set; undefined: the same-origin /storage of the emulator. */
  storagePort: e.EMULATOR_STORAGE_PORT,
  storageCors: e.EMULATOR_STORAGE_CORS,
  rateLimits: e.EMULATOR_RATE_LIMITS,
  processingDelayMs: e.EMULATOR_PROCESSING_DELAY_MS,
  faultUploadRate: e.EMULATOR_FAULT_UPLOAD_RATE,
  seed: e.EMULATOR_SEED,
  logRequests: e.EMULATOR_LOG === 'requests',
  uploadMaxBytes: e.EMULATOR_UPLOAD_MAX_BYTES,
  urlFetchTimeoutMs: e.EMULATOR_URL_FETCH_TIMEOUT_MS,
  jobConcurrency: e.EMULATOR_JOB_CONCURRENCY,
  processingThreads: e.EMULATOR_PROCESSING_THREADS,
  /** Delay before each webhook retry; its length is the number of retries. */
  webhookRetryDelaysMs: e.EMULATOR_RETRY_DELAYS_MS,
  testRoutes: e.EMULATOR_TEST_ROUTES === '1',
}));

export type EmulatorConfig = z.output<typeof configSchema>;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): EmulatorConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Emulator setting ${String(first?.path[0])} is not valid: ${first?.message}`);
  }
  return parsed.data;
}
