import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Order } from '@/api/schemas/orders';

export type ExtractVerdict = { kind: 'detected'; text: string } | { kind: 'undetected' } | { kind: 'failed'; message: string } | { kind: 'timeout' };

export interface ExtractWait {
  getOrder: (orderId: string) => Promise<Order>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  signal: AbortSignal;
  pollIntervalMs: number;
  timeoutMs: number;
}

/**
 * Reads an uploaded extract order until its verdict: detected (with the text), undetected, failed (an extract order
 * never ends `complete`, so that counts as a failure too), or still running at the deadline. The order keeps running
 * after a timeout; the caller links to it.
 */
export async function waitForExtract(orderId: string, wait: ExtractWait): Promise<ExtractVerdict> {
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    const order = await wait.getOrder(orderId);
    if (order.status === 'detected') return { kind: 'detected', text: order.watermarkText ?? '' };
    if (order.status === 'undetected') return { kind: 'undetected' };
    if (order.status === 'failed' || order.status === 'expired' || order.status === 'complete') {
      const status = order.status;
      return { kind: 'failed', message: order.errors ?? i18n._(msg`The check ended with status "${status}".`) };
    }
    if (Date.now() >= deadline) return { kind: 'timeout' };
    await wait.sleep(wait.pollIntervalMs, wait.signal);
  }
}
