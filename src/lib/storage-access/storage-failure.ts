import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { cspViolationFor } from './csp-violations';
import { isExpiredUrlError, parseStorageError, type StorageErrorBody } from './s3-error';
import type { NetworkFailure } from './network-failure';
import { relayMode } from './storage-relay';

export { relayCanHelp, type NetworkFailure, type NetworkFailureKind } from './network-failure';

export interface ClassifyEnv {
  online: () => boolean;
  pageOrigin: () => string;
  /** True when something at the origin answers (an opaque no-cors answer is enough). */
  probe: (origin: string) => Promise<boolean>;
  /** Lets a violation event queued with the failure arrive first. */
  settle: () => Promise<void>;
}

const PROBE_TIMEOUT_MS = 4000;

export const browserClassifyEnv: ClassifyEnv = {
  online: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  pageOrigin: () => globalThis.location?.origin ?? '',
  probe: async (origin) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    try {
      // Opaque, without cookies: only whether anything answers, never what.
      await fetch(`${origin}/`, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal });
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  },
  settle: () => new Promise((resolve) => setTimeout(resolve, 30)),
};

function originOf(url: string, base: string): string {
  try {
    return new URL(url, base || undefined).origin;
  } catch {
    return url;
  }
}

export async function classifyNetworkFailure(url: string, env: ClassifyEnv = browserClassifyEnv): Promise<NetworkFailure> {
  const pageOrigin = env.pageOrigin();
  const origin = originOf(url, pageOrigin);
  if (!env.online()) return { kind: 'offline', origin };
  if (pageOrigin.startsWith('https:') && origin.startsWith('http:')) return { kind: 'mixed', origin };
  await env.settle();
  if (cspViolationFor(url)) return { kind: 'csp', origin };
  const answers = await env.probe(origin);
  // The probe is held to the same policy: a violation that came late shows up now.
  if (cspViolationFor(url)) return { kind: 'csp', origin };
  if (!env.online()) return { kind: 'offline', origin };
  return { kind: answers ? 'cors' : 'unreachable', origin };
}

/** What happened and what to do, in the user's words. */
export function describeNetworkFailure(failure: NetworkFailure, pageOrigin = browserClassifyEnv.pageOrigin()): string {
  const origin = failure.origin;
  const relayOff = relayMode() === 'never';
  switch (failure.kind) {
    case 'offline':
      return i18n._(msg`This device is offline. The transfer goes on when the connection is back.`);
    case 'mixed':
      return relayOff
        ? i18n._(msg`The browser blocked ${origin}: this page is served over HTTPS and the storage URL is plain HTTP. Serve the storage over HTTPS, or set UPLOAD_RELAY=auto on the dashboard server.`)
        : i18n._(msg`The browser blocked ${origin}: this page is served over HTTPS and the storage URL is plain HTTP. Serve the storage over HTTPS.`);
    case 'csp':
      return i18n._(msg`This dashboard's Content-Security-Policy blocked ${origin}. Add ${origin} to the STORAGE_ORIGINS setting of the dashboard server and restart it.`);
    case 'cors':
      return relayOff
        ? i18n._(msg`The storage at ${origin} refused this page: its CORS rules do not allow ${pageOrigin}. Ask whoever runs the storage to allow ${pageOrigin} for PUT and GET, or set UPLOAD_RELAY=auto on the dashboard server to send files through it.`)
        : i18n._(msg`The storage at ${origin} refused this page: its CORS rules do not allow ${pageOrigin}. Ask whoever runs the storage to allow ${pageOrigin} for PUT and GET.`);
    case 'unreachable':
      return i18n._(msg`The storage at ${origin} did not answer. Check the connection, or try again later.`);
  }
}

/**
 * A storage's refusal with an HTTP answer, worded from its error body (S3's XML code, the relay's JSON code) when it
 * has one. `renewed`: a new URL was asked for and refused as well.
 */
export function describeStorageRefusal(status: number, body: string | null | undefined, { renewed = false } = {}): string {
  const error: StorageErrorBody | null = parseStorageError(body);
  const code = error?.code ?? '';
  const detail = error?.message ? `${code}: ${error.message}` : code;
  if (code === 'RELAY_TARGET_REFUSED') {
    return i18n._(msg`The dashboard server does not relay to this storage: its origin is not in STORAGE_ORIGINS, and the service issued no URL on it through this server.`);
  }
  if (code === 'RELAY_DISABLED') return i18n._(msg`The dashboard server's relay is off (UPLOAD_RELAY=never).`);
  if (code === 'PAYLOAD_TOO_LARGE' || status === 413) return i18n._(msg`The file is larger than the storage accepts (HTTP 413).`);
  if (isExpiredUrlError(error)) {
    return renewed
      ? i18n._(msg`The upload link expired (${detail}) and a new one was refused too.`)
      : i18n._(msg`The link expired (${detail}).`);
  }
  if (code === 'SignatureDoesNotMatch' || /_URL_INVALID$/.test(code)) {
    return i18n._(msg`The storage refused the link's signature (${detail}): the request differs from what the link was signed for, or the link was changed.`);
  }
  if (status === 403) {
    return detail
      ? i18n._(msg`The storage refused access (HTTP 403, ${detail}).`)
      : i18n._(msg`The storage refused access (HTTP 403).`);
  }
  return detail ? i18n._(msg`The storage refused the request (HTTP ${status}, ${detail}).`) : i18n._(msg`The storage refused the request (HTTP ${status}).`);
}
