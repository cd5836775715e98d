import { Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import {
  confirmAntiAiRequest,
  createAntiAiRequest,
  createAntiAiWithUrlsRequest,
  createEmbedRequest,
  createExtractRequest,
  listOrdersQuery,
} from '../../src/api/schemas/orders';
import type { AppEnv, EmulatorContext } from '../context';
import type { Account } from '../domain/accounts';
import { once } from '../domain/idempotency';
import { assertDownloadable, confirmOrder, refreshUrls } from '../domain/order-actions';
import { extractEntry, insertOrder, uploadEntry } from '../domain/order-create';
import { downloadKey, filesOfOrders, findOwnOrder, listOrders, toOrderDetail } from '../domain/orders-repo';
import { ALL_ORDERS, streamAllOrders } from '../domain/orders-stream';
import { methodNotAllowed } from '../http/method-not-allowed';
import { jsonBody, query } from '../http/validate';
import { DOWNLOAD_URL_TTL_SECONDS, getUrl } from '../shared/presign';

const scope = (account: Account, endpoint: string, key: string) => ({ accountId: account.id, endpoint, key });

/** Set before the body is read, so a refusal of the deprecated route says so too. */
const deprecatedFor = (successor: string): MiddlewareHandler<AppEnv> => async (c, next) => {
  c.header('Deprecation', 'true');
  c.header('Link', `<${successor}>; rel="successor-version"`);
  await next();
};

/**
 * /orders: the static paths (the list, the creation and confirm routes) before /:orderId, whose parameter would
 * otherwise take them. `apiBase` is where the API is mounted: the deprecated route names its successor with it.
 */
export function orderRoutes(ctx: EmulatorContext, apiBase: string) {
  const insertAntiAi = (account: Account, channel: 'api' | 'web', body: z.infer<typeof createAntiAiRequest>) => {
    const zeroCopy = body.mode?.zeroCopy === true;
    return insertOrder(ctx, account, {
      type: 'antiAi',
      channel,
      name: body.orderName,
      strength: body.options.strength,
      zeroCopy,
      files: body.files.map((f, i) => ({
        fileName: f.fileName,
        sourceUrl: f.originalFileUrl,
        output: zeroCopy ? body.outputTargets![i] : undefined,
      })),
    });
  };

  return new Hono<AppEnv>()
    .get('/', query(listOrdersQuery), (c) => {
      const filter = c.req.valid('query');
      if (filter.limit === ALL_ORDERS) {
        return c.body(streamAllOrders(ctx, c.get('account').id, filter), 200, { 'Content-Type': 'application/json' });
      }
      const { rows, total } = listOrders(ctx, c.get('account').id, filter);
      const files = filesOfOrders(ctx.db, rows.map((row) => row.id));
      return c.json({
        data: {
          orders: rows.map((row) => toOrderDetail(ctx, row, files.get(row.id))),
          pageInfo: { totalItems: total, totalPages: Math.ceil(total / filter.limit), currentPage: filter.page, itemsPerPage: filter.limit },
        },
      });
    })
    .all(methodNotAllowed('GET'))

    .post('/anti-ai', jsonBody(createAntiAiRequest), (c) => {
      const body = c.req.valid('json');
      const account = c.get('account');
      const data = once(ctx.db, scope(account, 'anti-ai', body.idempotencyKey), () => {
        const created = insertAntiAi(account, c.get('channel'), body);
        return {
          orderName: created.name,
          orderId: created.orderId,
          status: created.status,
          files: created.files.map((f) =>
            f.sourceUrl ? { fileId: String(f.id), fileName: f.fileName, originalFileUrl: f.sourceUrl } : uploadEntry(ctx, f),
          ),
        };
      });
      ctx.orderWorkers?.wake();
      return c.json({ data });
    })
    .all(methodNotAllowed('POST'))

    .post('/anti-ai/confirm', jsonBody(confirmAntiAiRequest), (c) => {
      const body = c.req.valid('json');
      const account = c.get('account');
      const data = once(ctx.db, scope(account, 'anti-ai/confirm', body.idempotencyKey), () =>
        confirmOrder(ctx, findOwnOrder(ctx.db, account.id, body.orderId)),
      );
      ctx.orderWorkers?.wake();
      return c.json({ data });
    })
    .all(methodNotAllowed('POST'))

    .post('/anti-ai/with-urls', deprecatedFor(`${apiBase}/orders/anti-ai`), jsonBody(createAntiAiWithUrlsRequest), (c) => {
      const body = c.req.valid('json');
      const account = c.get('account');
      const data = once(ctx.db, scope(account, 'anti-ai/with-urls', body.idempotencyKey), () => {
        // The deprecated form is the URL mode of /anti-ai with another field name.
        const files = body.files.map((f) => ({ fileName: f.fileName, originalFileUrl: f.imageUrl }));
        const created = insertAntiAi(account, c.get('channel'), { ...body, files });
        return { orderName: created.name, orderId: created.orderId, status: created.status };
      });
      ctx.orderWorkers?.wake();
      return c.json({ data });
    })
    .all(methodNotAllowed('POST'))

    .post('/wtr-embed', jsonBody(createEmbedRequest), (c) => {
      const body = c.req.valid('json');
      const account = c.get('account');
      const data = once(ctx.db, scope(account, 'wtr-embed', body.idempotencyKey), () => {
        const created = insertOrder(ctx, account, {
          type: 'watermarkEmbed',
          channel: c.get('channel'),
          files: body.files.map((f) => ({ fileName: f.fileName, watermarks: f.watermarks.map((w) => w.text) })),
        });
        return { orderName: created.name, orderId: created.orderId, status: created.status, files: created.files.map((f) => uploadEntry(ctx, f)) };
      });
      return c.json({ data });
    })
    .all(methodNotAllowed('POST'))

    .post('/wtr-extract', jsonBody(createExtractRequest), (c) => {
      const body = c.req.valid('json');
      const account = c.get('account');
      const data = once(ctx.db, scope(account, 'wtr-extract', body.idempotencyKey), () => {
        const files = [{ fileName: body.file.fileName }];
        const original = body.file.includeOriginal ? body.file.originalFile : undefined;
        const created = insertOrder(ctx, account, {
          type: 'watermarkExtract',
          channel: c.get('channel'),
          files: original ? [...files, { fileName: original.fileName, role: 'original' as const }] : files,
        });
        const [input, originalFile] = created.files;
        return {
          orderName: created.name,
          orderId: created.orderId,
          status: created.status,
          file: { ...extractEntry(ctx, input!), ...(originalFile ? { originalFile: extractEntry(ctx, originalFile) } : {}) },
        };
      });
      return c.json({ data });
    })
    .all(methodNotAllowed('POST'))

    // /:orderId paths: after every static sibling above.
    .get('/:orderId', (c) => c.json({ data: toOrderDetail(ctx, findOwnOrder(ctx.db, c.get('account').id, c.req.param('orderId'))) }))
    .all(methodNotAllowed('GET'))

    .post('/:orderId/refresh-urls', (c) => c.json({ data: refreshUrls(ctx, findOwnOrder(ctx.db, c.get('account').id, c.req.param('orderId'))) }))
    .all(methodNotAllowed('POST'))

    .get('/:orderId/download', (c) => {
      const order = findOwnOrder(ctx.db, c.get('account').id, c.req.param('orderId'));
      assertDownloadable(order);
      return c.json({ data: { downloadUrl: getUrl(ctx, downloadKey(order.id)), expiresIn: DOWNLOAD_URL_TTL_SECONDS } });
    })
    .all(methodNotAllowed('GET'));
}
