import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { RECEIVER_NAME_PATTERN, receiverConfig, type ReceivedRequest, type ReceiverRequestsResponse } from '../../src/api/schemas/emulator';
import { SIGNATURE_HEADER } from '../../src/api/schemas/webhooks';
import type { AppEnv, EmulatorContext } from '../context';
import type { Db } from '../db/database';
import { allWebhooks } from '../domain/webhooks-repo';
import { authenticate } from '../http/authenticate';
import { HttpError } from '../http/http-error';
import { JSON_BODY_LIMIT, readLimitedText } from '../http/body-limit';
import { methodNotAllowed } from '../http/method-not-allowed';
import { jsonBody } from '../http/validate';
import { signatureMatches } from '../webhooks/sign';

export const RECEIVER_KEEP_REQUESTS = 200;
/** Receivers one account may configure: plenty for trying webhooks, no way to fill the disk with names. */
export const RECEIVERS_PER_ACCOUNT = 20;
/**
 * Requests that no webhook signed (anyone may POST without a sign-in) are kept across all receivers up to these
 * bounds, oldest dropped first, so anonymous callers cannot grow the database without end.
 */
export const ANONYMOUS_KEEP_REQUESTS = 100;
export const ANONYMOUS_KEEP_BYTES = 4 * 1024 * 1024;
/** A constant set (never changed): statuses whose answer has no body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

interface RequestRow {
  id: number;
  received_at: string;
  headers: string;
  body: string;
  signature_valid: number | null;
}

/** :name, read as `c.req.valid('param').name`; checked before any body is read. */
const receiverName = validator('param', (params) => {
  const name = params.name;
  if (!name || !RECEIVER_NAME_PATTERN.test(name)) {
    throw new HttpError(400, 'INVALID_PARAMETER', 'A receiver name is 1 to 64 letters, digits or . _ -');
  }
  return { name };
});

function configOf(db: Db, name: string): { name: string; status: number; delayMs: number } {
  const row = db.prepare('SELECT status, delay_ms FROM webhook_receivers WHERE name = ?').get(name) as
    | { status: number; delay_ms: number }
    | undefined;
  return { name, status: row?.status ?? 200, delayMs: row?.delay_ms ?? 0 };
}

/** Webhooks whose url points at this receiver; the host is ignored (localhost and 127.0.0.1 alike). */
function webhooksPointingAt(db: Db, name: string) {
  const path = `/_emulator/receivers/${name}`;
  return allWebhooks(db).filter((hook) => {
    try {
      return new URL(hook.url).pathname.replace(/\/+$/, '') === path;
    } catch {
      return false;
    }
  });
}

/**
 * /_emulator/receivers: a receiving end inside the emulator for trying webhooks without writing a
 * server. Receiving is open (it is the receiver); configuring and reading
 * need a sign-in, and an account only reads requests that were validly signed
 * for its own webhooks or for nobody's.
 */
export function receiverRoutes(ctx: EmulatorContext) {
  const sleeps = new AbortController();
  ctx.onClose(() => sleeps.abort());
  const signedIn = authenticate(ctx);

  return new Hono<AppEnv>()
    .post('/:name', receiverName, async (c) => {
      const { name } = c.req.valid('param');
      const body = await readLimitedText(c, JSON_BODY_LIMIT);
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, key) => {
        headers[key] = value;
      });
      const signature = c.req.header(SIGNATURE_HEADER);
      const candidates = webhooksPointingAt(ctx.db, name);
      const signer = candidates.find((hook) => signatureMatches(hook.secret, body, signature));
      const signatureValid = candidates.length === 0 ? null : signer !== undefined;
      ctx.db.transaction(() => {
        ctx.db
          .prepare(
            'INSERT INTO webhook_receiver_requests (receiver, account_id, received_at, headers, body, signature_valid) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(name, signer?.accountId ?? null, new Date().toISOString(), JSON.stringify(headers), body, signatureValid === null ? null : signatureValid ? 1 : 0);
        ctx.db
          .prepare(
            `DELETE FROM webhook_receiver_requests WHERE receiver = ? AND id NOT IN
             (SELECT id FROM webhook_receiver_requests WHERE receiver = ? ORDER BY id DESC LIMIT ?)`,
          )
          .run(name, name, RECEIVER_KEEP_REQUESTS);
        if (!signer) {
          ctx.db
            .prepare(
              `DELETE FROM webhook_receiver_requests WHERE id IN (
                 SELECT id FROM (
                   SELECT id, SUM(length(CAST(body AS BLOB)) + length(CAST(headers AS BLOB))) OVER (ORDER BY id DESC) AS bytes,
                          ROW_NUMBER() OVER (ORDER BY id DESC) AS n
                   FROM webhook_receiver_requests WHERE account_id IS NULL)
                 WHERE bytes > ? OR n > ?)`,
            )
            .run(ANONYMOUS_KEEP_BYTES, ANONYMOUS_KEEP_REQUESTS);
        }
      })();
      const { status, delayMs } = configOf(ctx.db, name);
      if (delayMs > 0) await abortableSleep(delayMs, sleeps.signal);
      const payload = NULL_BODY_STATUSES.has(status) ? null : JSON.stringify({ received: true, signatureValid });
      return new Response(payload, { status, headers: payload === null ? {} : { 'Content-Type': 'application/json' } });
    })
    .all(methodNotAllowed('POST'))

    .use('/:name/config', signedIn)
    .put('/:name/config', receiverName, jsonBody(receiverConfig), (c) => {
      const { name } = c.req.valid('param');
      const config = c.req.valid('json');
      const accountId = c.get('account').id;
      ctx.db.transaction(() => {
        const exists = ctx.db.prepare('SELECT 1 FROM webhook_receivers WHERE name = ?').get(name);
        const owned = (ctx.db.prepare('SELECT COUNT(*) AS n FROM webhook_receivers WHERE account_id = ?').get(accountId) as { n: number }).n;
        if (!exists && owned >= RECEIVERS_PER_ACCOUNT) {
          throw new HttpError(400, 'RECEIVER_LIMIT_REACHED', `An account may configure at most ${RECEIVERS_PER_ACCOUNT} test receivers; reuse one`);
        }
        ctx.db
          .prepare(
            `INSERT INTO webhook_receivers (name, status, delay_ms, account_id) VALUES (?, ?, ?, ?)
             ON CONFLICT(name) DO UPDATE SET status = excluded.status, delay_ms = excluded.delay_ms`,
          )
          .run(name, config.status, config.delayMs, accountId);
      }).immediate();
      return c.json({ data: configOf(ctx.db, name) });
    })
    .get(receiverName, (c) => c.json({ data: configOf(ctx.db, c.req.valid('param').name) }))
    .all(methodNotAllowed('PUT', 'GET'))

    .use('/:name/requests', signedIn)
    .get('/:name/requests', receiverName, (c) => {
      const { name } = c.req.valid('param');
      const rows = ctx.db
        .prepare(
          `SELECT id, received_at, headers, body, signature_valid FROM webhook_receiver_requests
           WHERE receiver = ? AND (account_id = ? OR account_id IS NULL) ORDER BY id DESC LIMIT ?`,
        )
        .all(name, c.get('account').id, RECEIVER_KEEP_REQUESTS) as RequestRow[];
      const requests: ReceivedRequest[] = rows.map((row) => ({
        id: row.id,
        receivedAt: row.received_at,
        headers: JSON.parse(row.headers) as Record<string, string>,
        body: row.body,
        signatureValid: row.signature_valid === null ? null : row.signature_valid === 1,
      }));
      const data: ReceiverRequestsResponse = { receiver: configOf(ctx.db, name), requests };
      return c.json({ data });
    })
    .delete(receiverName, (c) => {
      ctx.db
        .prepare('DELETE FROM webhook_receiver_requests WHERE receiver = ? AND (account_id = ? OR account_id IS NULL)')
        .run(c.req.valid('param').name, c.get('account').id);
      return c.json({ data: null });
    })
    .all(methodNotAllowed('GET', 'DELETE'));
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
