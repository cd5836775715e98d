import { isWorthRetrying } from '@/api/api-error';
import { confirmAntiAiOrder, createAntiAiOrder, createEmbedOrder, createExtractOrder } from '@/api/orders';
import { sentOrders } from '@/lib/sent-orders';
import type { IssuedUpload } from '../upload-engine';
import { makeSubmissionKeys, withSameKey, type SubmissionKeys } from './idempotent-submission';
import { previewOf } from './preview-of';
import { pairUploads, sentOrderOf, type PairedUpload, type Submission } from './submission';
import { uploadManifests, type ManifestEntry } from './upload-manifest';

/*
 * The steps of one order's submission, in one place for the new-order forms (`useOrderSubmission`: one order) and
 * for batches (`useBatchSubmission`: each planned order is a `Submission` of its own, sent with the same steps):
 *
 *   keys (made once per submission) → createOrder (create key, retried with it) → rememberOrder → upload
 *   → confirmOrder (confirm key, anti-AI with uploads only) → orderUploaded
 *
 * and what a failed create means for the keys (`keysAfterFailure`). The hooks keep only the React state around these
 * steps, and the batch its plan, its stored record of every order's keys and its one queue across orders.
 */

export interface CreatedOrder {
  orderId: string;
  /** Each file with the upload issued for it. */
  uploads: PairedUpload[];
  /** Uploads the service issued; more than `uploads` only if its answer listed more files than were sent. */
  issued: number;
  /** Anti-AI orders with uploads need a confirm once every file is up; embed and extract orders start by themselves. */
  needsConfirm: boolean;
}

/** Sends the creation request of the submission's kind; the issued uploads come back in request order. */
async function sendCreate(submission: Submission, idempotencyKey: string): Promise<{ orderId: string; issued: IssuedUpload[] }> {
  switch (submission.type) {
    case 'antiAi': {
      const created = await createAntiAiOrder({ ...submission.body, idempotencyKey });
      // Files given by URL are fetched by the service and get no upload.
      return { orderId: created.orderId, issued: created.files.flatMap((f) => ('uploadUrl' in f ? [f] : [])) };
    }
    case 'watermarkEmbed': {
      const created = await createEmbedOrder({ ...submission.body, idempotencyKey });
      return { orderId: created.orderId, issued: created.files };
    }
    case 'watermarkExtract': {
      const created = await createExtractOrder({ ...submission.body, idempotencyKey });
      const { originalFile, ...file } = created.file;
      return { orderId: created.orderId, issued: originalFile ? [file, originalFile] : [file] };
    }
  }
}

/**
 * Creates the submission's order with its create key: a network error or 5xx is tried again with the same key (the
 * service answers a repeated key with the order it made), a 4xx fails at once. Each file is paired with its upload.
 */
export async function createOrder(submission: Submission, keys: SubmissionKeys): Promise<CreatedOrder> {
  const { orderId, issued } = await withSameKey(keys.create, (key) => sendCreate(submission, key), { isRetryable: isWorthRetrying });
  return {
    orderId,
    uploads: pairUploads(submission.files, issued),
    issued: issued.length,
    needsConfirm: submission.type === 'antiAi' && issued.length > 0,
  };
}

/**
 * The keys for the next try after a create that failed for good. A 4xx made no order and ends the submission: the
 * corrected form is a new submission with new keys. A network error or 5xx may have made the order: the keys stay,
 * so pressing Create again is answered with that order instead of making a second one.
 */
export function keysAfterFailure(keys: SubmissionKeys, error: unknown): SubmissionKeys {
  return isWorthRetrying(error) ? keys : makeSubmissionKeys();
}

/** Name, key, size and content hash of each file to upload, so a reload can resume by content. */
function manifestOf(uploads: readonly PairedUpload[]): ManifestEntry[] {
  return uploads.map((u) => ({ fileName: u.fileName, fileKey: u.fileKey, size: u.body.size, sha256: u.sha256 }));
}

/**
 * Remembers a created order in this browser: what was sent, for the order page (its detail has no names or options),
 * then the first file's preview once drawn when `preview` is set; and, while it has uploads to finish, its files by
 * content for a resume after a reload.
 */
export function rememberOrder(order: CreatedOrder, submission: Submission, { preview }: { preview: boolean }) {
  const sent = sentOrderOf(submission);
  sentOrders().save(order.orderId, sent);
  const first = submission.files[0]?.file;
  if (preview && first && sent.type !== 'watermarkExtract') {
    void previewOf(first).then((before) => before && sentOrders().save(order.orderId, { ...sent, before }));
  }
  if (order.issued > 0) uploadManifests().save(order.orderId, manifestOf(order.uploads));
}

/** Confirms an anti-AI order whose files are all up, with the submission's confirm key (retried with it). */
export async function confirmOrder(orderId: string, confirmKey: string): Promise<void> {
  await withSameKey(confirmKey, (key) => confirmAntiAiOrder({ orderId, idempotencyKey: key }), { isRetryable: isWorthRetrying });
}

/** Every file is up (and the order confirmed if it needed it): nothing is left to resume. */
export function orderUploaded(orderId: string) {
  uploadManifests().forget(orderId);
}
