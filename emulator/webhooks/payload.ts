import type { EventType, WebhookPayload } from '../../src/api/schemas/webhooks';
import type { OrderFinishedEvent } from '../context';

const iso = (value: string) => new Date(value).toISOString();

/** The callback body of the interface document ("Payload"); occurredAt is the moment the order finished. */
export function buildPayload(event: OrderFinishedEvent): { eventType: EventType; payload: WebhookPayload } {
  const failed = event.status === 'failed';
  const eventType = `order.${event.type}.${failed ? 'failed' : 'completed'}` as EventType;
  const base = { orderId: event.orderId, orderName: event.orderName, createdAt: iso(event.createdAt) };
  if (failed) {
    return {
      eventType,
      payload: {
        eventType,
        occurredAt: iso(event.finishedAt),
        data: {
          ...base,
          failedAt: iso(event.finishedAt),
          status: 'failed',
          error: event.error ?? { code: 'SERVER_INTERNAL_ERROR', message: 'Processing failed' },
        },
      },
    };
  }
  const status = event.status as 'complete' | 'detected' | 'undetected';
  const extract =
    event.type === 'watermarkExtract'
      ? {
          watermarkFound: event.watermarkFound === true,
          ...(event.watermarkFound === true ? { watermarkInfo: { text: event.watermarkText ?? '' } } : {}),
        }
      : {};
  return {
    eventType,
    payload: {
      eventType,
      occurredAt: iso(event.finishedAt),
      data: {
        ...base,
        completedAt: iso(event.finishedAt),
        status,
        fileCount: event.fileCount,
        downloadUrl: event.downloadUrl ?? '',
        ...extract,
      },
    },
  };
}
