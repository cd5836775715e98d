// @vitest-environment node
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from './curl';

let server: Server;
let base = '';
const received: { headers: IncomingHttpHeaders; body: Buffer; method?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks), method: req.method });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function runInBash(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', command], (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)));
  });
}

const NASTY = [
  '{"a":"it\'s"}',
  "''''",
  'line one\nline two\n',
  '{"x":"$HOME `id` $(echo hi) \\\\ \\n !! \\" %s"}',
  '{"emoji":"🙂 é ß 中文","tab":"\t","cr":"\r"}',
  '',
  '-d @/etc/passwd',
  '@no-such-file',
];

describe('shellQuote', () => {
  it('wraps in single quotes and escapes single quotes only', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('a\nb $x')).toBe(`'a\nb $x'`);
  });

  it.each(NASTY.map((s) => [s]))('bash reads %j back unchanged', async (value) => {
    expect(await runInBash(`printf %s ${shellQuote(value)}`)).toBe(value);
  });
});

describe('toCurl', () => {
  const request = {
    url: 'https://erp.example.com/hooks',
    headers: { 'Content-Type': 'application/json', 'X-Service-Signature': 'ab12', 'X-Service-Event-Id': 'evt-1' },
    body: '{"eventType":"order.antiAi.completed","note":"it\'s\nfine"}',
  };

  it('targets the original URL unless another is given', () => {
    expect(toCurl(request)).toContain(`-X POST 'https://erp.example.com/hooks'`);
    expect(toCurl(request, 'http://localhost:3000/webhook')).toContain(`-X POST 'http://localhost:3000/webhook'`);
    expect(toCurl(request, 'http://localhost:3000/webhook')).not.toContain('erp.example.com');
  });

  it.each(NASTY.map((s) => [s]))('sends the body %j byte for byte with every header, run through bash', async (body) => {
    received.length = 0;
    await runInBash(toCurl({ ...request, body }, `${base}/webhook`));
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got!.method).toBe('POST');
    expect(got!.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['x-service-signature']).toBe('ab12');
    expect(got!.headers['x-service-event-id']).toBe('evt-1');
  });
});
