// The emulator's own namespace (/_emulator), reached without the /api/v2 prefix; a real service lacks it.
import { api } from './client';
import { noData } from './schemas/common';
import { deliveryAttemptsResponse, emulatorInfo, receiverConfigResponse, receiverRequestsResponse, type ReceiverConfig } from './schemas/emulator';
import { eventOrdersResponse } from './schemas/event-orders';
import { webhookAttemptsResponse } from './schemas/webhook-health';

const receiverPath = (name: string) => `/_emulator/receivers/${encodeURIComponent(name)}`;

export function getEmulatorInfo(signal?: AbortSignal) {
  return api({ prefix: '', path: '/_emulator/info', schema: emulatorInfo, signal });
}

/** Every attempt of one delivery event. */
export function listEventAttempts(webhookId: number, eventId: number, signal?: AbortSignal) {
  return api({ prefix: '', path: `/_emulator/webhooks/${webhookId}/events/${eventId}/attempts`, schema: deliveryAttemptsResponse, signal });
}

/** A webhook's newest attempts across its events (health figures). */
export function listWebhookAttempts(webhookId: number, limit: number, signal?: AbortSignal) {
  return api({ prefix: '', path: `/_emulator/webhooks/${webhookId}/attempts`, query: { limit }, schema: webhookAttemptsResponse, signal });
}

/** Which order each of the given delivery events names (its payload's orderId and orderName), up to 100 ids. */
export function listEventOrders(webhookId: number, eventIds: readonly number[], signal?: AbortSignal) {
  return api({ prefix: '', path: `/_emulator/webhooks/${webhookId}/event-orders`, query: { ids: eventIds.join(',') }, schema: eventOrdersResponse, signal });
}

export function listReceiverRequests(name: string, signal?: AbortSignal) {
  return api({ prefix: '', path: `${receiverPath(name)}/requests`, schema: receiverRequestsResponse, signal });
}

export function setReceiverConfig(name: string, body: ReceiverConfig) {
  return api({ method: 'PUT', prefix: '', path: `${receiverPath(name)}/config`, body, schema: receiverConfigResponse });
}

export function clearReceiverRequests(name: string) {
  return api({ method: 'DELETE', prefix: '', path: `${receiverPath(name)}/requests`, schema: noData });
}
