/**
 * Each finished order's ZIP, one after the other: a fresh link is asked right before each (links live an
 * hour), and the next starts only after a pause, so the browser does not treat the burst as one blocked
 * popup storm and the service is asked once at a time. Failures are collected, never stop the rest.
 */
export async function downloadInTurn(
  orderIds: readonly string[],
  deps: {
    linkOf: (orderId: string) => Promise<string>;
    save: (url: string) => void;
    onStep?: (done: number, total: number) => void;
    pauseMs?: number;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<{ saved: string[]; failed: { orderId: string; error: unknown }[] }> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const saved: string[] = [];
  const failed: { orderId: string; error: unknown }[] = [];
  for (const [i, orderId] of orderIds.entries()) {
    deps.onStep?.(i, orderIds.length);
    try {
      deps.save(await deps.linkOf(orderId));
      saved.push(orderId);
    } catch (error) {
      failed.push({ orderId, error });
    }
    if (i < orderIds.length - 1) await sleep(deps.pauseMs ?? 800);
  }
  deps.onStep?.(orderIds.length, orderIds.length);
  return { saved, failed };
}

/** Starts a download without leaving the page: the service sends the ZIP as an attachment. */
export function saveThroughLink(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
