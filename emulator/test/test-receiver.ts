import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  at: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Answer = { status: number; delayMs?: number; headers?: Record<string, string>; body?: string };

/** A tiny node:http receiver on 127.0.0.1; answer() decides each reply (default 200). */
export async function startReceiver(answer: (call: ReceivedCall, index: number) => Answer = () => ({ status: 200 })) {
  const calls: ReceivedCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call = { at: Date.now(), headers: req.headers, body: Buffer.concat(chunks) };
      calls.push(call);
      const reply = answer(call, calls.length - 1);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'Content-Type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? `answer ${reply.status}`);
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, reply.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
