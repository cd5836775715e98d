import type { AntiAiOrderBody, EmbedOrderBody, ExtractOrderBody } from '@/api/schemas/orders';
import type { SentOrder } from '@/lib/sent-orders';
import type { IssuedUpload, UploadItem } from '../upload-engine';
import { contentTypeOf } from '../files/file-validation';

/** A chosen file with the content hash its check gave; the hash lets a reload resume it by content. */
export interface CheckedFile {
  file: File;
  sha256: string;
}

/**
 * What a new-order form hands over when the user presses Create order, checked once: the request
 * body without its idempotency key (the key belongs to the submission, see `submit-steps.ts`)
 * and the files to upload, in the order of the body's upload entries. The service lists the issued
 * uploads in that same order, which is how each file finds its upload (`pairUploads`).
 */
export type Submission =
  | { type: 'antiAi'; body: AntiAiOrderBody; files: CheckedFile[] }
  | { type: 'watermarkEmbed'; body: EmbedOrderBody; files: CheckedFile[] }
  | { type: 'watermarkExtract'; body: ExtractOrderBody; files: CheckedFile[] };

/** A file bound to the upload issued for it: what the engine takes, plus the hash for the resume manifest. */
export interface PairedUpload extends UploadItem {
  sha256: string;
}

/**
 * The i-th file goes with the i-th issued upload, and from then on the pair is known by its fileKey:
 * names are not used, since two files may share one. An upload left without a file (an answer longer
 * than the request) stays for the order page's resume.
 */
export function pairUploads(files: readonly CheckedFile[], issued: readonly IssuedUpload[]): PairedUpload[] {
  return issued.flatMap(({ fileName, fileKey, uploadUrl }, i) => {
    const checked = files[i];
    return checked ? [{ fileName, fileKey, uploadUrl, body: checked.file, contentType: contentTypeOf(checked.file), sha256: checked.sha256 }] : [];
  });
}

/** What the order page shows of an order this browser sent (its detail has no names or options). */
export function sentOrderOf(submission: Submission): SentOrder {
  switch (submission.type) {
    case 'antiAi': {
      const { body } = submission;
      return {
        type: 'antiAi',
        files: body.files.map((f) => (f.originalFileUrl ? { fileName: f.fileName, url: f.originalFileUrl } : { fileName: f.fileName })),
        strength: body.options.strength,
        zeroCopy: body.mode?.zeroCopy ?? false,
      };
    }
    case 'watermarkEmbed':
      return { type: 'watermarkEmbed', files: submission.body.files.map((f) => ({ fileName: f.fileName, texts: f.watermarks.map((w) => w.text) })) };
    case 'watermarkExtract': {
      const { file } = submission.body;
      return { type: 'watermarkExtract', files: [{ fileName: file.fileName }], ...(file.originalFile ? { originalFileName: file.originalFile.fileName } : {}) };
    }
  }
}
