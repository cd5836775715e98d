import http from 'node:http';
import https from 'node:https';
import type { Readable, Writable } from 'node:stream';
import type { Context } from 'hono';
import { MAX_FILE_BYTES } from '../src/api/limits';

/**
 * The storage relay (docs/decisions/upload-relay.md): when the storage refuses this dashboard's origin (its CORS rules)
 * or this dashboard's own CSP refuses the storage, the browser sends its PUT (or GET) to `/_relay?url=<presigned URL>`
 * on its own origin, and this server streams it on to the storage and the answer back.
 *
 * It must not become an open proxy. A target is relayed only when it is an http(s) URL whose origin is
 *  - one of the configured storage origins (STORAGE_ORIGINS; scheme-only entries such as `https:` do not count), or
 *  - the origin of an `uploadUrl`, `downloadUrl` or `thumbnailImageUrl` the service answered through this server's
 *    /api proxy (learned as they pass; fields a customer writes, such as `originalFileUrl` or an output target's
 *    `url`, are never read),
 * and never a link-local address (cloud metadata: 169.254.0.0/16, fe80::/10) whatever the settings say.
 * The presigned URL stays the only credential: no cookie, Authorization, Origin or Referer goes upstream, and no
 * redirect is followed.
 */
export type UploadRelayMode = 'auto' | 'always' | 'never';
export const UPLOAD_RELAY_MODES = ['auto', 'always', 'never'] as const;

/** Where the browser sends relayed requests (src/lib/storage-access/storage-relay.ts builds the same URL). */
export const RELAY_PATH = '/_relay';
/** The meta tag the dashboard reads its relay mode from: no request, no script, nothing the CSP has to allow. */
export const RELAY_META_NAME = 'imprint-upload-relay';

/** Request headers the storage may need (what a presigned URL signs) and nothing that identifies the user. */
const UPSTREAM_REQUEST_HEADERS = ['content-type', 'content-length', 'content-md5', 'cache-control', 'content-disposition', 'range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];
const UPSTREAM_REQUEST_PREFIXES = ['x-amz-', 'x-goog-', 'x-ms-'];
/** Answer headers passed back. Set-Cookie, Location and CORS headers stay behind. */
const DOWNSTREAM_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'content-disposition', 'cache-control', 'expires', 'x-amz-request-id', 'x-amz-id-2', 'retry-after'];
/** Shown inline by the browser; anything else is sent as an attachment, so nothing from storage runs on our origin. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/bmp', 'image/tiff']);
/** Learned origins are few (one bucket, perhaps a CDN); the cap only bounds a misbehaving service. */
const MAX_LEARNED = 64;
/** Order answers are small JSON; a bigger one is passed through unread. */
const MAX_LEARN_BYTES = 4 * 1024 * 1024;
const LEARN_FIELDS = /"(?:uploadUrl|downloadUrl|thumbnailImageUrl)"\s*:\s*"(https?:(?:\\?\/){2}[^"/\\?#]+)/g;

export interface UploadRelayOptions {
  mode: UploadRelayMode;
  /** The configured storage origins (STORAGE_ORIGINS and the emulator's own). */
  storageOrigins: string[];
  /** Upload limit (default MAX_FILE_BYTES, 50 MB). */
  maxBytes?: number;
  /** The /api path prefix whose answers are read for issued URLs. */
  apiPrefix?: string;
}

export type RelayRefusal = 'scheme' | 'link-local' | 'not-issued' | 'invalid';

export interface UploadRelay {
  mode: UploadRelayMode;
  /** The index.html with the mode in a meta tag. */
  annotateIndexHtml(html: string): string;
  /** Reads issued storage URLs' origins out of an /api answer; returns an equivalent answer. */
  learnFrom(method: string, pathname: string, response: Response): Promise<Response>;
  /** Why a target would be refused, or null when it would be relayed. */
  refusal(target: string): RelayRefusal | null;
  handle(c: Context): Promise<Response>;
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** 169.254.0.0/16 and fe80::/10, however spelled in a URL's host (the WHATWG parser normalises IPv4 forms). */
function isLinkLocal(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (/^169\.254\.\d+\.\d+$/.test(host)) return true;
  if (/^fe[89ab][0-9a-f]?:/.test(host)) return true;
  // IPv4-mapped IPv6 (::ffff:169.254.x.y is written ::ffff:a9fe:xxxx by the parser).
  return /^::ffff:(169\.254\.|a9fe:)/.test(host);
}

/** A web stream pulled from a Node one (ReadableStream.from, Node 20.6+, not yet in TypeScript's DOM types). */
function streamFrom(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  return (ReadableStream as unknown as { from(iterable: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> }).from(source);
}

/** Kept-alive connections to the storage: one upload after another reuses them. */
const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

function tooLargeAnswer(maxBytes: number): Response {
  return relayError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1048576)} MB`);
}

function relayError(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ code, message }), { status, headers: { 'Content-Type': 'application/json', 'X-Imprint-Relay': 'refused' } });
}

export function createUploadRelay(options: UploadRelayOptions): UploadRelay {
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  const apiPrefix = options.apiPrefix ?? '/api/';
  const configured = new Set(options.storageOrigins.map(originOf).filter((o): o is string => o !== null));
  const learned = new Set<string>();

  const refusal = (target: string): RelayRefusal | null => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return 'invalid';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
    if (url.username || url.password) return 'invalid';
    if (isLinkLocal(url.hostname)) return 'link-local';
    return configured.has(url.origin) || learned.has(url.origin) ? null : 'not-issued';
  };

  const learnText = (text: string) => {
    for (const match of text.matchAll(LEARN_FIELDS)) {
      const origin = originOf(match[1]!.replaceAll('\\/', '/'));
      if (!origin || learned.has(origin) || configured.has(origin)) continue;
      if (learned.size >= MAX_LEARNED) learned.delete(learned.values().next().value!);
      learned.add(origin);
    }
  };

  return {
    mode: options.mode,

    annotateIndexHtml(html) {
      const meta = `<meta name="${RELAY_META_NAME}" content="${options.mode}">`;
      // In the head or nowhere (a page without one, as some tests serve, reads as `never`): before the doctype it
      // would put the page in quirks mode.
      return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : html;
    },

    async learnFrom(method, pathname, response) {
      if (options.mode === 'never' || !pathname.startsWith(apiPrefix) || !pathname.includes('/orders') || !response.ok || !response.body) return response;
      if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
      if (Number(response.headers.get('content-length') ?? 0) > MAX_LEARN_BYTES || method === 'HEAD') return response;
      // Read whole before answering: the browser may relay an issued URL the moment it has the answer.
      const text = await response.text();
      learnText(text);
      const headers = new Headers(response.headers);
      headers.delete('content-encoding');
      headers.delete('content-length');
      return new Response(text, { status: response.status, statusText: response.statusText, headers });
    },

    refusal,

    async handle(c) {
      if (options.mode === 'never') return relayError(404, 'RELAY_DISABLED', 'The storage relay is off on this dashboard server (UPLOAD_RELAY=never)');
      const target = c.req.query('url') ?? '';
      const refused = refusal(target);
      if (refused) {
        const origin = originOf(target) ?? 'this target';
        const why =
          refused === 'scheme' || refused === 'invalid'
            ? 'only http and https storage URLs are relayed'
            : refused === 'link-local'
              ? 'link-local addresses are never relayed'
              : `${origin} is not in STORAGE_ORIGINS and the service issued no URL on it through this server`;
        return relayError(403, 'RELAY_TARGET_REFUSED', `The dashboard server does not relay to ${origin}: ${why}`);
      }
      const method = c.req.method;
      const url = new URL(target);
      const headers: Record<string, string> = { 'accept-encoding': 'identity' };
      c.req.raw.headers.forEach((value, name) => {
        if (UPSTREAM_REQUEST_HEADERS.includes(name) || UPSTREAM_REQUEST_PREFIXES.some((p) => name.startsWith(p))) headers[name] = value;
      });
      const length = headers['content-length'];
      if (method === 'PUT' && length !== undefined && Number(length) > maxBytes) return tooLargeAnswer(maxBytes);
      // The browser's body as Node hands it over, untouched by hono: piped with Node's own backpressure, it never
      // piles up here however fast the browser sends and however slowly the storage takes it (bench:relay).
      // Nothing here may touch c.req.raw's body or signal: building hono's Request starts reading the body into a web
      // stream of its own, and the pipe below would find it drained.
      const { incoming, outgoing } = (c.env ?? {}) as { incoming?: Readable; outgoing?: Writable & { writableFinished: boolean } };
      if (method === 'PUT' && !incoming) return relayError(500, 'RELAY_NO_BODY', 'The relay could not read the request body');
      if (method !== 'PUT') delete headers['content-length'];
      else if (length === undefined && !c.req.raw.headers.get('transfer-encoding')) headers['content-length'] = '0';

      return new Promise<Response>((resolve) => {
        let settled = false;
        let tooLarge = false;
        const answer = (response: Response) => {
          if (!settled) resolve(response);
          settled = true;
        };
        const request = (url.protocol === 'https:' ? https : http).request(url, {
          method,
          headers,
          agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
        });
        const clientGone = () => {
          request.destroy();
          answer(relayError(499, 'CLIENT_CLOSED', 'The browser stopped the request'));
        };
        const onClose = () => {
          if (!outgoing?.writableFinished) clientGone();
        };
        outgoing?.once('close', onClose);
        request.on('error', (error) => {
          if (settled) return;
          if (tooLarge) return answer(tooLargeAnswer(maxBytes));
          if (outgoing?.destroyed) return clientGone();
          console.error(`dashboard server: relay ${method} to ${url.origin} failed:`, error.message);
          answer(relayError(502, 'RELAY_UPSTREAM_UNREACHABLE', `The dashboard server could not reach the storage at ${url.origin}`));
        });
        request.on('response', (upstream) => {
          outgoing?.off('close', onClose);
          const out = new Headers({ 'X-Imprint-Relay': 'relayed' });
          for (const name of DOWNSTREAM_HEADERS) {
            const value = upstream.headers[name];
            if (typeof value === 'string') out.set(name, value);
          }
          if (upstream.headers['content-encoding']) out.set('content-encoding', String(upstream.headers['content-encoding']));
          const type = (out.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
          if (!INLINE_TYPES.has(type) && !(out.get('content-disposition') ?? '').startsWith('attachment')) out.set('content-disposition', 'attachment');
          const status = upstream.statusCode ?? 502;
          const bodiless = method === 'HEAD' || [204, 205, 304].includes(status);
          if (bodiless) upstream.resume();
          // Pulled chunk by chunk (an async iterator), so a slow browser slows the storage's answer instead of
          // filling this server's memory.
          answer(new Response(bodiless ? null : streamFrom(upstream), { status, headers: out }));
        });
        if (method !== 'PUT' || !incoming) {
          request.end();
          return;
        }
        // Piped straight (no transform stage: each stage is another wake-up per chunk on a busy machine), the bytes
        // counted beside the pipe.
        let seen = 0;
        incoming.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > maxBytes && !tooLarge) {
            tooLarge = true;
            incoming.unpipe(request);
            request.destroy();
            answer(tooLargeAnswer(maxBytes));
          }
        });
        incoming.on('error', () => request.destroy());
        incoming.pipe(request);
      });
    },
  };
}
