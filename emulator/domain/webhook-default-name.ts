import { WEBHOOK_NAME_MAX } from '../../src/api/limits';

/**
 * The name of a webhook created without one (the specification requires only `url`): its host, the part a person
 * recognises in a list, e.g. `hooks.example.com` or `127.0.0.1:8080`.
 */
export function defaultWebhookName(url: string): string {
  return new URL(url).host.slice(0, WEBHOOK_NAME_MAX) || 'Webhook';
}
