import type { MiddlewareHandler } from 'hono';
import { randomToken } from '../shared/random';
import { storageFaultOf } from '../storage/storage-errors';
import { httpErrorOf } from './http-error';

/**
 * What storage on its own origin answers the way S3 does (EMULATOR_STORAGE_PORT): the bucket's CORS rule and XML
 * errors. docs/decisions/storage-origin.md lists what is emulated and what is not.
 */

/** A bucket's CORS rule: `*`, a list of origins, or no CORS configuration at all (`none`). */
export type StorageCors = '*' | 'none' | string[];

/** The rule's AllowedMethods and AllowedHeaders (a trailing `*` matches a prefix, as in S3), ExposeHeaders, MaxAgeSeconds. */
export const CORS_RULE = {
  methods: ['PUT', 'GET', 'HEAD'],
  headers: ['content-type', 'content-md5', 'x-amz-*'],
  expose: ['ETag'],
  maxAgeSeconds: 3000,
} as const;

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** More elements of the <Error> body, in order (S3 adds some per code). */
    readonly fields: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);

export function s3ErrorXml(error: S3Error, requestId: string): string {
  const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const fields = Object.entries(error.fields).map(([name, value]) => element(name, value));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${[element('Code', error.code), element('Message', error.message), ...fields, element('RequestId', requestId), element('HostId', 'emulator')].join('')}</Error>`;
}

/** S3's names for the refusals storage shares with the emulator; the emulator's own (ORDER_NOT_PENDING, ...) keep theirs. */
const S3_NAMES: Record<string, { status: number; code: string }> = {
  RESOURCE_NOT_FOUND: { status: 404, code: 'NoSuchKey' },
  PAYLOAD_TOO_LARGE: { status: 400, code: 'EntityTooLarge' },
  METHOD_NOT_ALLOWED: { status: 405, code: 'MethodNotAllowed' },
};

/** Any error thrown by a storage handler, as S3 would word it. */
export function toS3Error(error: unknown): S3Error {
  if (error instanceof S3Error) return error;
  const refusal = httpErrorOf(error);
  if (refusal) {
    const named = S3_NAMES[refusal.code];
    return new S3Error(named?.status ?? refusal.status, named?.code ?? refusal.code, refusal.message, {}, refusal.headers ?? {});
  }
  if (storageFaultOf(error)) return new S3Error(503, 'ServiceUnavailable', 'Please reduce your request rate.', {}, { 'Retry-After': '5' });
  console.error('emulator storage: unexpected error', error);
  return new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
}

export function xmlErrorResponse(error: S3Error): Response {
  const requestId = randomToken(16).toUpperCase();
  return new Response(s3ErrorXml(error, requestId), {
    status: error.status,
    headers: { 'Content-Type': 'application/xml', 'x-amz-request-id': requestId, ...error.headers },
  });
}

function originAllowed(cors: StorageCors, origin: string): boolean {
  if (cors === 'none') return false;
  return cors === '*' || cors.includes(origin);
}

function headerAllowed(name: string): boolean {
  return CORS_RULE.headers.some((allowed) => (allowed.endsWith('*') ? name.startsWith(allowed.slice(0, -1)) : name === allowed));
}

/**
 * The bucket's CORS rule, as S3 applies it. A preflight that matches the rule (origin, method, every requested
 * header) gets 200 and the rule's headers; one that does not gets 403 with no CORS header, so the browser refuses the
 * request. An actual request from a listed origin gets Access-Control-Allow-Origin and the exposed ETag; from any
 * other origin it is served without them (the browser then hides the answer from the page).
 */
export function s3Cors(cors: StorageCors): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS') {
      const method = c.req.header('access-control-request-method');
      if (!origin || !method) {
        throw new S3Error(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
      }
      if (cors === 'none') throw new S3Error(403, 'AccessForbidden', 'CORSResponse: CORS is not enabled for this bucket.', { Method: method, ResourceType: 'OBJECT' });
      const requested = (c.req.header('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      if (!originAllowed(cors, origin) || !(CORS_RULE.methods as readonly string[]).includes(method) || !requested.every(headerAllowed)) {
        throw new S3Error(
          403,
          'AccessForbidden',
          'CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource\'s CORS spec.',
          { Method: method, ResourceType: 'OBJECT' },
        );
      }
      const headers = new Headers({
        'Access-Control-Allow-Origin': cors === '*' ? '*' : origin,
        'Access-Control-Allow-Methods': CORS_RULE.methods.join(', '),
        'Access-Control-Expose-Headers': CORS_RULE.expose.join(', '),
        'Access-Control-Max-Age': String(CORS_RULE.maxAgeSeconds),
        Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
      });
      if (requested.length) headers.set('Access-Control-Allow-Headers', requested.join(', '));
      if (cors !== '*') headers.set('Access-Control-Allow-Credentials', 'true');
      return new Response(null, { status: 200, headers });
    }
    await next();
    if (cors === 'none') return;
    c.res.headers.append('Vary', 'Origin');
    if (!origin || !originAllowed(cors, origin)) return;
    c.res.headers.set('Access-Control-Allow-Origin', cors === '*' ? '*' : origin);
    c.res.headers.set('Access-Control-Allow-Methods', CORS_RULE.methods.join(', '));
    c.res.headers.set('Access-Control-Expose-Headers', CORS_RULE.expose.join(', '));
    if (cors !== '*') c.res.headers.set('Access-Control-Allow-Credentials', 'true');
  };
}
