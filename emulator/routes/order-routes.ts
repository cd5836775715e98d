import type { Context, Hono } from 'hono';
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
import { once } from '../domain/idempotency';
import { assertDownloadable, confirmOrder, refreshUrls } from '../domain/order-actions';
import { extractEntry, insertOrder, uploadEntry } from '../domain/order-create';
import { downloadKey, filesOfOrders, findOwnOrder, listOrders, toOrderDetail } from '../domain/orders-repo';
import { ALL_ORDERS, streamAllOrders } from '../domain/orders-stream';
import { route } from '../http/routing';
import { readJson, readQuery } from '../http/validate';
import { wakeWorkers } from '../jobs/order-workers';
import { DOWNLOAD_URL_TTL_SECONDS, getUrl } from '../storage/presign';

const scope = (c: Context<AppEnv>, endpoint: string, key: string) => ({ accountId: c.get('account').id, endpoint, key });

/** Static /api/v2/orders paths: register before the /:orderId ones. */
export function registerOrderRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const insertAntiAi = (c: Context<AppEnv>, body: z.infer<typeof createAntiAiRequest>) => {
    const zeroCopy = body.mode?.zeroCopy === true;
    return insertOrder(ctx, c.get('account'), {
      type: 'antiAi',
      channel: c.get('channel'),
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

  route(app, '/api/v2/orders', {
    GET: (c) => {
      const query = readQuery(c, listOrdersQuery);
      if (query.limit === ALL_ORDERS) {
        return c.body(streamAllOrders(ctx, c.get('account').id, query), 200, { 'Content-Type': 'application/json' });
      }
      const { rows, total } = listOrders(ctx.db, c.get('account').id, query);
      const files = filesOfOrders(ctx.db, rows.map((row) => row.id));
      return c.json({
        data: {
          orders: rows.map((row) => toOrderDetail(ctx, row, files.get(row.id))),
          pageInfo: { totalItems: total, totalPages: Math.ceil(total / query.limit), currentPage: query.page, itemsPerPage: query.limit },
        },
      });
    },
  });

  route(app, '/api/v2/orders/anti-ai', {
    POST: async (c) => {
      const body = await readJson(c, createAntiAiRequest);
      const data = once(ctx.db, scope(c, 'anti-ai', body.idempotencyKey), () => {
        const created = insertAntiAi(c, body);
        return {
          orderName: created.name,
          orderId: created.orderId,
          status: created.status,
          files: created.files.map((f) =>
            f.sourceUrl ? { fileId: String(f.id), fileName: f.fileName, originalFileUrl: f.sourceUrl } : uploadEntry(ctx, f),
          ),
        };
      });
      wakeWorkers(ctx);
      return c.json({ data });
    },
  });

  route(app, '/api/v2/orders/anti-ai/confirm', {
    POST: async (c) => {
      const body = await readJson(c, confirmAntiAiRequest);
      const data = once(ctx.db, scope(c, 'anti-ai/confirm', body.idempotencyKey), () =>
        confirmOrder(ctx, findOwnOrder(ctx.db, c.get('account').id, body.orderId)),
      );
      wakeWorkers(ctx);
      return c.json({ data });
    },
  });

  route(app, '/api/v2/orders/anti-ai/with-urls', {
    POST: async (c) => {
      c.header('Deprecation', 'true');
      c.header('Link', '</api/v2/orders/anti-ai>; rel="successor-version"');
      const body = await readJson(c, createAntiAiWithUrlsRequest);
      const data = once(ctx.db, scope(c, 'anti-ai/with-urls', body.idempotencyKey), () => {
        // The deprecated form is the URL mode of /anti-ai with another field name.
        const created = insertAntiAi(c, { ...body, files: body.files.map((f) => ({ fileName: f.fileName, originalFileUrl: f.imageUrl })) });
        return { orderName: created.name, orderId: created.orderId, status: created.status };
      });
      wakeWorkers(ctx);
      return c.json({ data });
    },
  });

  route(app, '/api/v2/orders/wtr-embed', {
    POST: async (c) => {
      const body = await readJson(c, createEmbedRequest);
      const data = once(ctx.db, scope(c, 'wtr-embed', body.idempotencyKey), () => {
        const created = insertOrder(ctx, c.get('account'), {
          type: 'watermarkEmbed',
          channel: c.get('channel'),
          files: body.files.map((f) => ({ fileName: f.fileName, watermarks: f.watermarks.map((w) => w.text) })),
        });
        return { orderName: created.name, orderId: created.orderId, status: created.status, files: created.files.map((f) => uploadEntry(ctx, f)) };
      });
      return c.json({ data });
    },
  });

  route(app, '/api/v2/orders/wtr-extract', {
    POST: async (c) => {
      const body = await readJson(c, createExtractRequest);
      const data = once(ctx.db, scope(c, 'wtr-extract', body.idempotencyKey), () => {
        const files = [{ fileName: body.file.fileName }];
        const original = body.file.includeOriginal ? body.file.originalFile : undefined;
        const created = insertOrder(ctx, c.get('account'), {
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
    },
  });
}

/** /api/v2/orders/:orderId paths: register after every static sibling. */
export function registerOrderDetailRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  route(app, '/api/v2/orders/:orderId', {
    GET: (c) => c.json({ data: toOrderDetail(ctx, findOwnOrder(ctx.db, c.get('account').id, c.req.param('orderId') ?? '')) }),
  });

  route(app, '/api/v2/orders/:orderId/refresh-urls', {
    POST: (c) => c.json({ data: refreshUrls(ctx, findOwnOrder(ctx.db, c.get('account').id, c.req.param('orderId') ?? '')) }),
  });

  route(app, '/api/v2/orders/:orderId/download', {
    GET: (c) => {
      const order = findOwnOrder(ctx.db, c.get('account').id, c.req.param('orderId') ?? '');
      assertDownloadable(order);
      return c.json({ data: { downloadUrl: getUrl(ctx, downloadKey(order.id)), expiresIn: DOWNLOAD_URL_TTL_SECONDS } });
    },
  });
}
