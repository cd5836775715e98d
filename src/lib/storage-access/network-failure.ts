/**
 * Why the browser got no answer from storage. A blocked request looks the same to the page whatever blocked it, so
 * the cases are told apart by what else is known:
 * - `offline`: the browser says it is offline;
 * - `mixed`: an https page asked for a plain http URL (browsers block that before sending);
 * - `csp`: this page's Content-Security-Policy refused the origin (a `securitypolicyviolation` event named it);
 * - `cors`: none of those, and the origin does answer a no-cors probe: the storage refused this origin;
 * - `unreachable`: the origin does not answer at all.
 */
export type NetworkFailureKind = 'offline' | 'mixed' | 'csp' | 'cors' | 'unreachable';

export interface NetworkFailure {
  kind: NetworkFailureKind;
  /** The storage origin asked. */
  origin: string;
}

/** A refusal the relay can get around: the storage is there, but this page may not talk to it. */
export function relayCanHelp(failure: NetworkFailure): boolean {
  return failure.kind === 'csp' || failure.kind === 'cors' || failure.kind === 'mixed';
}
