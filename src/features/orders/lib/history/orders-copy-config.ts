import { RATE_LIMITS_PER_MINUTE } from '@/api/limits';

/*
 * Who the orders copy belongs to and which plan paces it. Kept apart from orders-copy.ts so that the app shell
 * can configure the copy without downloading IndexedDB and the history walk on every page (bench/bundle.ts).
 */

/** A short, stable, non-secret name for a credential: the copy must tell accounts apart without storing a token. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

export interface CopyConfig {
  /** Who the copy belongs to (app/api-wiring.ts says: the signed-in user, or the API key's fingerprint). */
  account: () => string;
  /** Requests a minute of the account's plan, used until an answer carries X-RateLimit-Limit. */
  planLimit: () => number;
}

export const copyConfig: CopyConfig = {
  account: () => 'unconfigured',
  planLimit: () => RATE_LIMITS_PER_MINUTE.free,
};

export function configureOrdersCopy(next: Partial<CopyConfig>): void {
  Object.assign(copyConfig, next);
}

/** The copy itself, loaded when first needed (history, export, a finished order, sign-out). */
export const loadOrdersCopy = () => import('./orders-copy');
