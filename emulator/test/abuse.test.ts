import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { newKey } from './orders-helpers';

/**
 * Thousands of malformed requests over every route: the emulator must answer
 * each with a 4xx and a JSON `code` (never a 5xx or a dropped connection),
 * keep serving afterwards, and never hand out the other account's data.
 * The generator is seeded, so a failure replays exactly.
 */

const UPLOAD_MAX = 64 * 1024;
const SECRET_ORDER_NAME = 'zz-other-account-order-6b1f';
const SECRET_HOOK_NAME = 'zz-other-account-hook-d42e';

/** Park–Miller LCG: small, deterministic, good enough to pick cases. */
function lcg(seed: number) {
  let state = seed;
  const next = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
  return {
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (max: number) => Math.floor(next() * max),
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof lcg>;

interface Abuse {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const huge = (n: number) => 'A'.repeat(n);
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const BAD_IDS = [
  '-1',
  '0',
  '99999999999999999999999',
  '1.5',
  '1e3',
  '%20%31',
  'ord_doesnotexist',
  encodeURIComponent('ü😀'),
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fadmin',
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  '%00',
  huge(2000),
];

/** JSON bodies no route accepts: wrong types, huge strings, deep nesting, broken syntax. */
function badBody(rng: Rng): string {
  switch (rng.int(9)) {
    case 0:
      return JSON.stringify(rng.pick([0, -1, 1e308, 'text', null, true, [], [1, 2]]));
    case 1: {
      const wrong = rng.pick<unknown>([123, -5, false, [], {}, null, 'x']);
      return JSON.stringify({
        name: wrong, orderName: wrong, url: wrong, files: wrong, email: wrong, password: wrong,
        idempotencyKey: wrong, orderId: wrong, status: wrong, isActive: wrong, fromDate: wrong, toDate: wrong,
      });
    }
    case 2: {
      const s = huge(200 * 1024);
      return JSON.stringify({
        name: s, orderName: s, url: `https://${s}.example`, email: `${s}@example.com`, password: s,
        idempotencyKey: s, files: [{ fileName: `${s}.png` }], orderId: s, status: s, fromDate: s, toDate: s,
      });
    }
    case 3:
      return deepArray(10_000);
    case 4:
      return deepObject(10_000);
    case 5:
      return rng.pick(['{', '{"a":', 'nul', '\u0000', '{"a":1}}', "{'a':1}", '']);
    case 6:
      return JSON.stringify({ files: Array.from({ length: 2000 }, () => ({ fileName: 42 })), name: {}, email: 1 });
    case 7:
      return JSON.stringify({ email: 'not-an-email', password: '', name: '', url: 'javascript:alert(1)', status: 42, isActive: 'yes', fromDate: '2026-13-45' });
    default:
      // Raw text: an object literal's __proto__ would set the prototype instead of sending the key.
      return '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},"files":{"__proto__":[]}}';
  }
}

describe('abuse: malformed requests over every route', () => {
  let emu: TestEmulator;
  let demo: string;
  let other: { token: string; orderId: string; hookId: number; hookSecret: string };
  let ownHookId: number;
  let ownUploadUrl: string;

  beforeAll(async () => {
    emu = await startTestEmulator({ uploadMaxBytes: UPLOAD_MAX });
    const token = await emu.login(SECOND_ACCOUNT);
    const order = await emu.request('POST', '/api/v2/orders/anti-ai', {
      token,
      body: { idempotencyKey: newKey(), orderName: SECRET_ORDER_NAME, files: [{ fileName: 'secret.png' }] },
    });
    expect(order.status, order.text).toBe(200);
    const hook = await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { name: SECRET_HOOK_NAME, url: 'https://example.com/other' } });
    expect(hook.status, hook.text).toBe(200);
    other = { token, orderId: order.body.data.orderId, hookId: hook.body.data.id, hookSecret: hook.body.data.secret };

    demo = await emu.login(DEMO_ACCOUNT);
    const own = await emu.request('POST', '/api/v2/orders/webhooks', { token: demo, body: { name: 'Own hook', url: 'https://example.com/own' } });
    ownHookId = own.body.data.id;
    const ownOrder = await emu.request('POST', '/api/v2/orders/anti-ai', { token: demo, body: { idempotencyKey: newKey(), files: [{ fileName: 'own.png' }] } });
    ownUploadUrl = ownOrder.body.data.files[0].uploadUrl;
  });
  afterAll(async () => {
    await emu?.close();
  });

  function generate(rng: Rng): Abuse {
    const id = () => (rng.chance(0.15) ? rng.pick([other.orderId, String(other.hookId)]) : rng.pick(BAD_IDS));
    const auth = { Authorization: `Bearer ${demo}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    const bodyRoutes = [
      '/api/v2/orders/anti-ai',
      '/api/v2/orders/anti-ai/confirm',
      '/api/v2/orders/anti-ai/with-urls',
      '/api/v2/orders/wtr-embed',
      '/api/v2/orders/wtr-extract',
      '/api/v2/orders/webhooks',
      `/api/v2/orders/webhooks/${ownHookId}/events/retry-failed`,
      '/api/v2/auth/login',
      '/_emulator/accounts',
    ];
    const authedRoutes: Array<[string, string]> = [
      ['GET', '/api/v2/orders'],
      ['GET', '/api/v2/orders/stats/recent'],
      ['GET', '/api/v2/orders/webhooks'],
      ['POST', '/api/v2/orders/anti-ai'],
      ['GET', `/api/v2/orders/${other.orderId}`],
      ['GET', `/api/v2/orders/webhooks/${ownHookId}`],
      ['GET', `/api/v2/orders/webhooks/${ownHookId}/events`],
      ['GET', `/_emulator/webhooks/${ownHookId}/events/1/attempts`],
      ['GET', `/_emulator/webhooks/${ownHookId}/attempts?limit=5`],
      ['GET', `/_emulator/webhooks/${ownHookId}/event-orders?ids=1,2`],
      ['GET', '/_emulator/receivers/abuse/requests'],
      ['PUT', '/_emulator/receivers/abuse/config'],
    ];
    // A token of the demo account with a broken signature, an unsigned one, and plain garbage.
    const [head, payload] = demo.split('.');
    const badAuth = [
      '',
      'Bearer',
      'Bearer ',
      'Basic ZGVtbzpkZW1vMTIzNA==',
      `Bearer ${head}.${payload}.AAAA`,
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      `Bearer ${huge(4000)}`,
      `bearer ${demo}x`,
      `Bearer ${other.token.slice(0, -3)}abc`,
      'Bearer ü',
    ];

    switch (rng.int(8)) {
      case 0: {
        // Bad ids in every parameterised path.
        const paths: Array<[string, string]> = [
          ['GET', `/api/v2/orders/${id()}`],
          ['POST', `/api/v2/orders/${id()}/refresh-urls`],
          ['GET', `/api/v2/orders/${id()}/download`],
          ['GET', `/api/v2/orders/webhooks/${id()}`],
          ['PUT', `/api/v2/orders/webhooks/${id()}`],
          ['DELETE', `/api/v2/orders/webhooks/${id()}`],
          ['GET', `/api/v2/orders/webhooks/${id()}/events`],
          ['POST', `/api/v2/orders/webhooks/${id()}/events/retry-failed`],
          ['POST', `/api/v2/orders/webhooks/${id()}/events/${id()}/retry`],
          ['POST', `/api/v2/orders/webhooks/${ownHookId}/events/${rng.pick(BAD_IDS)}/retry`],
          ['GET', `/_emulator/webhooks/${id()}/events/${id()}/attempts`],
          ['GET', `/_emulator/webhooks/${id()}/attempts`],
        ];
        const [method, path] = rng.pick(paths);
        return { method, path, headers: json, body: JSON.stringify({ name: 'x', isActive: true, fromDate: '2026-01-01', toDate: '2026-01-02' }) };
      }
      case 1:
        return { method: 'POST', path: rng.pick(bodyRoutes), headers: json, body: badBody(rng) };
      case 2: {
        const [method, path] = rng.pick(authedRoutes);
        const header = rng.pick(badAuth);
        return { method, path, headers: header ? { Authorization: header, 'Content-Type': 'application/json' } : {}, body: method === 'GET' ? undefined : '{}' };
      }
      case 3: {
        // Right JSON, wrong content type (or none), plus the webhook update and receiver config bodies.
        if (rng.chance(0.5)) {
          const target = rng.pick([`/api/v2/orders/webhooks/${ownHookId}`, '/_emulator/receivers/abuse/config']);
          return { method: 'PUT', path: target, headers: json, body: badBody(rng) };
        }
        const type = rng.pick(['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/xml', '']);
        return { method: 'POST', path: rng.pick(bodyRoutes), headers: type ? { ...auth, 'Content-Type': type } : auth, body: '{"files":[{"fileName":"a.png"}]}' };
      }
      case 4: {
        const methods: Array<[string, string]> = [
          ['PATCH', '/api/v2/orders'],
          ['DELETE', '/api/v2/orders'],
          ['GET', '/api/v2/orders/anti-ai'],
          ['PUT', '/api/v2/orders/anti-ai/confirm'],
          ['DELETE', '/api/v2/auth/login'],
          ['GET', '/api/v2/auth/login'],
          ['PUT', '/api/v2/orders/stats/recent'],
          ['PATCH', `/api/v2/orders/webhooks/${ownHookId}`],
          ['DELETE', `/api/v2/orders/webhooks/${ownHookId}/events`],
          ['GET', `/api/v2/orders/webhooks/${ownHookId}/events/retry-failed`],
          ['DELETE', '/_emulator/info'],
          ['GET', '/_emulator/accounts'],
          ['POST', '/storage/uploads/x'],
          ['DELETE', '/storage/downloads/x.zip'],
          ['GET', `/api/v2/orders/${other.orderId}/refresh-urls`],
          ['GET', '/api/v2/nope'],
          ['GET', `/${rng.pick(BAD_IDS)}`],
        ];
        const [method, path] = rng.pick(methods);
        return { method, path, headers: auth };
      }
      case 5: {
        const queries = [
          '/api/v2/orders?page=-1',
          '/api/v2/orders?limit=abc',
          '/api/v2/orders?limit=0',
          '/api/v2/orders?limit=101',
          '/api/v2/orders?page=1e99',
          `/api/v2/orders?page=${huge(3000)}`,
          '/api/v2/orders/webhooks?page=0',
          '/api/v2/orders/webhooks?limit=-5',
          `/api/v2/orders/webhooks/${ownHookId}/events?page=x`,
          `/api/v2/orders/webhooks/${ownHookId}/events?limit=1.5`,
          '/api/v2/orders/stats/recent?date=yesterday',
          '/api/v2/orders/stats/recent?date=2026-02-31',
          `/api/v2/orders/stats/recent?date=${encodeURIComponent('../../x')}`,
        ];
        return { method: 'GET', path: rng.pick(queries), headers: auth };
      }
      case 6: {
        // Storage: bad, missing and borrowed signatures; an upload above uploadMaxBytes.
        const url = new URL(ownUploadUrl);
        const sig = url.searchParams.get('X-Amz-Signature') ?? '';
        const withQuery = (change: (q: URLSearchParams) => void) => {
          const q = new URLSearchParams(url.search);
          change(q);
          return q.toString();
        };
        const choice = rng.int(6);
        if (choice === 0) return { method: 'PUT', path: url.pathname + url.search, body: huge(UPLOAD_MAX + 1 + rng.int(4096)) };
        if (choice === 1) return { method: 'PUT', path: `${url.pathname}?${withQuery((q) => q.set('X-Amz-Signature', `${sig.slice(0, -2)}xx`))}`, body: 'x' };
        if (choice === 2) return { method: 'PUT', path: `${url.pathname}?${withQuery((q) => q.set('X-Amz-Date', '19700101T000000Z'))}`, body: 'x' };
        if (choice === 3) return { method: 'GET', path: `/storage/downloads/${other.orderId}.zip${url.search}` };
        if (choice === 4) return { method: 'GET', path: `/storage/thumbnails/${other.orderId}.jpg` };
        return { method: 'PUT', path: `/storage/uploads/${rng.pick(BAD_IDS)}?${withQuery((q) => q.set('X-Amz-Signature', huge(64)))}`, body: 'x' };
      }
      default: {
        // The emulator's own routes: bad receiver names and account bodies.
        const name = rng.pick(['a'.repeat(65), 'a%20b', '..%2Fx', encodeURIComponent('ü'), '%00', 'a%2Fb']);
        const options: Abuse[] = [
          { method: 'POST', path: `/_emulator/receivers/${name}`, body: '{}' },
          { method: 'PUT', path: `/_emulator/receivers/${name}/config`, headers: json, body: '{"status":200}' },
          { method: 'GET', path: `/_emulator/receivers/${name}/requests`, headers: auth },
          { method: 'DELETE', path: `/_emulator/receivers/${name}/requests`, headers: auth },
          { method: 'POST', path: '/_emulator/accounts', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: 'whatever1' }) },
        ];
        return rng.pick(options);
      }
    }
  }

  it('answers thousands of malformed requests with a 4xx JSON error and leaks nothing of the other account', async () => {
    const rng = lcg(20_261_123);
    const cases = Array.from({ length: 3000 }, () => generate(rng));
    // A body over 1 MiB for each JSON route, once (they are slow to generate and send).
    const oneMiBPlus = JSON.stringify({ name: huge(1024 * 1024 + 10) });
    for (const path of ['/api/v2/orders/anti-ai', '/api/v2/orders/webhooks', '/api/v2/auth/login', '/_emulator/accounts', `/api/v2/orders/webhooks/${ownHookId}`]) {
      cases.push({ method: path.endsWith(String(ownHookId)) ? 'PUT' : 'POST', path, headers: { Authorization: `Bearer ${demo}`, 'Content-Type': 'application/json' }, body: oneMiBPlus });
    }
    cases.push({ method: 'POST', path: '/_emulator/receivers/abuse', body: oneMiBPlus });

    const problems: string[] = [];
    const statuses = new Set<number>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const abuse = cases[next++]!;
        const where = `${abuse.method} ${abuse.path.slice(0, 120)}`;
        let response: Response;
        try {
          // fetch refuses a body on GET; those cases go without one.
          const body = abuse.method === 'GET' ? undefined : abuse.body;
          response = await fetch(emu.url + abuse.path, { method: abuse.method, headers: abuse.headers, body });
        } catch (error) {
          problems.push(`${where}: no answer (${String(error)})`);
          continue;
        }
        const text = await response.text();
        statuses.add(response.status);
        if (response.status < 400 || response.status >= 500) problems.push(`${where}: status ${response.status} ${text.slice(0, 200)}`);
        let code: unknown;
        try {
          code = (JSON.parse(text) as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        if (typeof code !== 'string') problems.push(`${where}: no JSON code in ${response.status} ${text.slice(0, 200)}`);
        const leaked = [SECRET_ORDER_NAME, SECRET_HOOK_NAME, other.hookSecret, 'secret.png'].filter((s) => text.includes(s));
        // An id the request itself carried may be echoed back ("No route ..."); any other mention is a leak.
        if (text.includes(other.orderId) && !abuse.path.includes(other.orderId)) leaked.push(other.orderId);
        if (leaked.length) problems.push(`${where}: response contains the other account's ${leaked.join(', ')}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(problems.slice(0, 20)).toEqual([]);
    // The generator really reached every kind of refusal (not, say, 401 for everything).
    expect([...statuses].sort()).toEqual(expect.arrayContaining([400, 401, 403, 404, 405, 413]));

    // Still serving, and still serving the right account.
    const list = await emu.request('GET', '/api/v2/orders', { token: demo });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(SECRET_ORDER_NAME);
    const mine = await emu.request('GET', `/api/v2/orders/${other.orderId}`, { token: other.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.orderName).toBe(SECRET_ORDER_NAME);
  }, 60_000);
});
