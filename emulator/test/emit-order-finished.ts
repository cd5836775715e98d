import type { EmulatorContext, OrderFinishedEvent } from '../context';

let counter = 0;

/** A finished order as the orders area reports it; override what a test cares about. */
export function finishedOrder(accountId: number, overrides: Partial<OrderFinishedEvent> = {}): OrderFinishedEvent {
  counter++;
  return {
    accountId,
    orderId: `ord_test_${counter}`,
    orderName: `Test order ${counter}`,
    type: 'antiAi',
    status: 'complete',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    finishedAt: new Date().toISOString(),
    fileCount: 2,
    downloadUrl: 'http://127.0.0.1:1/download/x?sig=abc',
    ...overrides,
  };
}

/** Calls the listeners the way the orders area does: synchronously, inside the finishing transaction. */
export function emitOrderFinished(context: EmulatorContext, event: OrderFinishedEvent): void {
  context.db.transaction(() => {
    for (const listener of context.orderFinishedListeners) listener(event);
  })();
}

/** Polls until check returns a value other than undefined (no fixed sleeps). */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
