import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import sharp from 'sharp';
import type { AppEnv, EmulatorContext } from '../context';
import { assertDownloadable, recordUpload, uploadTarget } from '../domain/order-actions';
import { getOrder, inputFilesOf, thumbnailSource } from '../domain/orders-repo';
import { fail, HttpError } from '../http/http-error';
import { S3Error, s3Cors, toS3Error, xmlErrorResponse } from '../http/s3-http';
import { checkSignature, STORAGE_PREFIX, type SignedMethod } from '../shared/presign';
import { randomToken } from '../shared/random';
import { readStored, removeStored, TooLargeError, writeStream } from '../storage/file-store';
import { storageFaultOf } from '../storage/storage-errors';
import { buildZip } from '../storage/zip';

const PREFIX = STORAGE_PREFIX;

/** Storage on its own origin speaks S3 (XML errors, S3's codes); the same-origin storage keeps the emulator's JSON. */
const speaksS3 = (ctx: EmulatorContext) => ctx.config.storagePort !== undefined;

/** The object key, once the URL's signature covers this request; otherwise the refusal S3 (or the emulator) gives. */
async function verified(c: Context<AppEnv>, ctx: EmulatorContext, method: SignedMethod): Promise<string> {
  const key = c.req.path.slice(PREFIX.length);
  const check = checkSignature(ctx.db, { method, key, query: (name) => c.req.query(name), header: (name) => c.req.header(name) });
  if (check.result === 'ok') return key;
  // A refused upload's body is read and dropped, so the client sees the answer instead of a reset connection.
  if (method === 'PUT') await drain(c, ctx.config.uploadMaxBytes);
  if (speaksS3(ctx)) {
    if (check.result === 'malformed') throw new S3Error(400, 'AuthorizationQueryParametersError', check.message);
    if (check.result === 'invalid') {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.', {
        SignatureProvided: c.req.query('X-Amz-Signature') ?? '',
      });
    }
    throw new S3Error(403, 'AccessDenied', 'Request has expired', {
      'X-Amz-Expires': String(check.expiresSeconds),
      Expires: new Date(check.expiredAt * 1000).toISOString().replace('.000Z', 'Z'),
      ServerTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
  }
  const kind = method === 'PUT' ? 'UPLOAD' : 'DOWNLOAD';
  if (check.result === 'expired') throw new HttpError(403, `${kind}_URL_EXPIRED`, 'The URL has expired; ask for a new URL (refresh-urls)');
  throw new HttpError(403, `${kind}_URL_INVALID`, 'The URL signature does not match; ask for a new URL');
}

/** Reads and drops a body we refuse, so the client sees our answer instead of a reset connection. */
async function drain(c: Context<AppEnv>, maxBytes: number): Promise<void> {
  let seen = 0;
  const reader = c.req.raw.body?.getReader();
  if (!reader) return;
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      seen += part.value.length;
      if (seen > maxBytes) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The client went away; nothing to answer.
  }
}

async function handleUpload(c: Context<AppEnv>, ctx: EmulatorContext): Promise<Response> {
  const key = await verified(c, ctx, 'PUT');
  const maxBytes = ctx.config.uploadMaxBytes;
  if (ctx.config.faultUploadRate > 0 && Math.random() < ctx.config.faultUploadRate) {
    await drain(c, maxBytes);
    throw new HttpError(500, 'STORAGE_FAULT_INJECTED', 'Injected storage fault (EMULATOR_FAULT_UPLOAD_RATE); retry the upload');
  }
  const target = uploadTarget(ctx, key);
  if (!target.ok) {
    await drain(c, maxBytes);
    if (target.reason === 'unknown') fail('RESOURCE_NOT_FOUND', 'No file of any order has this key');
    fail('ORDER_NOT_PENDING', 'The order is no longer waiting for uploads');
  }
  const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1048576)} MiB`);
  if (Number(c.req.header('content-length') ?? 0) > maxBytes) {
    await drain(c, maxBytes);
    throw tooLarge();
  }
  const stored = `inputs/${target.orderId}/${target.fileId}-${randomToken(8)}`;
  let size: number;
  // S3 answers a PUT with the object's MD5 as its ETag; clients that check it read it through CORS (ExposeHeaders).
  const md5 = createHash('md5');
  try {
    size = await writeStream(ctx.config.dataDir, stored, c.req.raw.body ?? new ReadableStream(), maxBytes, (chunk) => md5.update(chunk));
  } catch (error) {
    if (error instanceof TooLargeError) throw tooLarge();
    const fault = storageFaultOf(error);
    if (fault) {
      // Our disk, not the client: a 5xx the upload engine retries. Connection: close ends the socket cleanly
      // instead of leaving it half-read.
      const headers = { Connection: 'close', 'Retry-After': '5' };
      if (fault === 'full') throw new HttpError(507, 'STORAGE_FULL', 'The emulator has no room to store this file now; retry shortly', undefined, headers);
      throw new HttpError(503, 'STORAGE_UNAVAILABLE', 'The emulator could not store this file now; retry shortly', undefined, headers);
    }
    // The client stopped sending (closed tab, lost network): nothing was stored.
    throw new HttpError(400, 'UPLOAD_INCOMPLETE', 'The upload broke off before the whole file arrived');
  }
  const recorded = recordUpload(ctx, key, stored, size);
  if (!recorded.ok) {
    removeStored(ctx.config.dataDir, stored);
    fail('ORDER_NOT_PENDING', 'The order is no longer waiting for uploads');
  }
  if (recorded.replaced) removeStored(ctx.config.dataDir, recorded.replaced);
  ctx.orderWorkers?.wake();
  return c.body(null, 200, { ETag: `"${md5.digest('hex')}"` });
}

const etagOf = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;

function handleDownload(c: Context<AppEnv>, ctx: EmulatorContext, orderId: string): Response {
  const order = getOrder(ctx.db, orderId);
  if (!order) fail('ORDER_NOT_FOUND');
  assertDownloadable(order);
  const zip = buildZip(
    inputFilesOf(ctx.db, orderId)
      .filter((f) => f.result_path)
      .map((f) => ({ name: f.file_name, bytes: readStored(ctx.config.dataDir, f.result_path!) })),
  );
  const fileName = order.name.replace(/[^\w .-]+/g, '_').trim() || order.id;
  return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
    ETag: etagOf(zip),
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${fileName}.zip"`,
  });
}

async function handleThumbnail(c: Context<AppEnv>, ctx: EmulatorContext, orderId: string): Promise<Response> {
  const source = thumbnailSource(ctx.db, orderId);
  if (!source) fail('RESOURCE_NOT_FOUND', 'This order has no image yet');
  let jpeg: Buffer;
  try {
    jpeg = await sharp(readStored(ctx.config.dataDir, source))
      .rotate()
      .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    fail('RESOURCE_NOT_FOUND', 'The stored image cannot be shown as a thumbnail');
  }
  return c.body(jpeg as Uint8Array<ArrayBuffer>, 200, { ETag: etagOf(jpeg), 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, max-age=3600' });
}

/**
 * /storage: the objects under their keys (S3's path style, bucket `storage`). No Bearer token: the presigned URL's
 * signature is the credential. Mounted on the API's origin when storage has none of its own (EMULATOR_STORAGE_PORT
 * unset: see `storageOnApiOrigin`), else on the storage app below.
 */
export function storageRoutes(ctx: EmulatorContext) {
  return new Hono<AppEnv>()
    .put('/uploads/*', (c) => handleUpload(c, ctx))
    .get('/*', async (c) => {
      const key = await verified(c, ctx, 'GET');
      const download = /^downloads\/(ord_[A-Za-z0-9]+)\.zip$/.exec(key);
      if (download) return handleDownload(c, ctx, download[1]!);
      const thumbnail = /^thumbnails\/(ord_[A-Za-z0-9]+)\.jpg$/.exec(key);
      if (thumbnail) return handleThumbnail(c, ctx, thumbnail[1]!);
      fail('RESOURCE_NOT_FOUND', 'Nothing is stored under this key');
    })
    .all('/*', (c) => {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on storage URLs`, undefined, { Allow: 'GET, HEAD, PUT, OPTIONS' });
    });
}

/** Whether the API's origin serves /storage: only when storage has no origin of its own. */
export const storageOnApiOrigin = (ctx: EmulatorContext) => !speaksS3(ctx);

/**
 * Storage on its own origin (EMULATOR_STORAGE_PORT): the same objects under the same paths (S3's path style, bucket
 * `storage`), with the bucket's CORS rule (EMULATOR_STORAGE_CORS) and S3's XML errors.
 */
export function createStorageApp(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (ctx.config.logRequests) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      // Path only: the query carries the signature.
      console.log(`storage ${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
    });
  }
  app.use('*', s3Cors(ctx.config.storageCors));
  app.route('/storage', storageRoutes(ctx));
  app.notFound(() => xmlErrorResponse(new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist')));
  app.onError((error) => xmlErrorResponse(toS3Error(error)));
  return app;
}
