import { z } from 'zod';
import { i18n } from './schema-words';
import {
  ANTI_AI_EXTENSIONS,
  EMBED_EXTENSIONS,
  EXTRACT_EXTENSIONS,
  FILE_NAME_MAX,
  FILES_PER_ORDER_MAX,
  ORDER_NAME_MAX,
  ORIGINAL_EXTENSIONS,
  WATERMARK_TEXT_MAX,
  WATERMARKS_PER_FILE_MAX,
  baseFileName,
  extensionOf,
  hasExtension,
} from '../formats';
import { httpUrl, idempotencyKey, isoTimestamp, pageQuery } from './common';

export const ORDER_STATUSES = ['pending', 'inProgress', 'complete', 'failed', 'detected', 'undetected', 'expired'] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;
/** Statuses after which an order never changes again except to expired. */
export const FINISHED_STATUSES: readonly OrderStatus[] = ['complete', 'failed', 'detected', 'undetected', 'expired'];

export const ORDER_TYPES = ['antiAi', 'watermarkEmbed', 'watermarkExtract'] as const;
export const orderType = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof orderType>;

export const ORDER_CHANNELS = ['api', 'web'] as const;
export const orderChannel = z.enum(ORDER_CHANNELS);

export const STRENGTHS = ['low', 'standard', 'high'] as const;
export const strength = z.enum(STRENGTHS, { error: () => i18n._('must be low, standard or high') });

const fileNameFor = (allowed: readonly string[]) =>
  z
    .string({ error: () => i18n._('is required') })
    .trim()
    .min(1, { error: () => i18n._('is required') })
    .max(FILE_NAME_MAX, { error: () => i18n._('is longer than {max} characters', { max: FILE_NAME_MAX }) })
    // Only the base name is kept (ZIP slip: docs/decisions/orders.md); it must still name a visible file.
    .transform(baseFileName)
    .refine((name) => name !== '' && !name.startsWith('.'), { error: () => i18n._('must name a file (not a folder, and not starting with a dot)') })
    .refine((name) => hasExtension(name, allowed), {
      error: () => i18n._('must end in {extensions}', { extensions: allowed.map((e) => '.' + e).join(', ') }),
    });

const filesArray = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: () => i18n._('must be a list of files') })
    .min(1, { error: () => i18n._('must have at least 1 file') })
    .max(FILES_PER_ORDER_MAX, { error: () => i18n._('must have at most {max} files', { max: FILES_PER_ORDER_MAX }) });

export const orderName = z
  .string()
  .trim()
  .min(1, { error: () => i18n._('must not be empty') })
  .max(ORDER_NAME_MAX, { error: () => i18n._('must be at most {max} characters', { max: ORDER_NAME_MAX }) });

export const antiAiOptions = z.object({ strength: strength.default('high') });
export const zeroCopyMode = z.object({ zeroCopy: z.boolean({ error: () => i18n._('must be true or false') }) });

export const outputTarget = z.object({
  fileKey: z.string().min(1, { error: () => i18n._('is required') }).max(1024, { error: () => i18n._('must be at most {max} characters', { max: 1024 }) }),
  url: httpUrl,
  presignedUrlExpiresAt: z.iso.datetime({ offset: true, error: () => i18n._('must be an ISO 8601 time') }),
});
export type OutputTarget = z.infer<typeof outputTarget>;

function checkZeroCopy(
  value: { mode?: { zeroCopy: boolean }; outputTargets?: unknown[]; files: unknown[] },
  ctx: z.RefinementCtx,
) {
  if (value.mode?.zeroCopy) {
    if (!value.outputTargets) {
      ctx.addIssue({ code: 'custom', path: ['outputTargets'], message: i18n._('is required when mode.zeroCopy is true') });
    } else if (value.outputTargets.length !== value.files.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['outputTargets'],
        message: i18n._('must have one target per file ({count})', { count: value.files.length }),
      });
    }
  }
}

const antiAiOrderFields = {
  orderName: orderName.optional(),
  files: filesArray(z.object({ fileName: fileNameFor(ANTI_AI_EXTENSIONS), originalFileUrl: httpUrl.optional() })),
  options: antiAiOptions.default({ strength: 'high' }),
  mode: zeroCopyMode.optional(),
  outputTargets: z.array(outputTarget).max(FILES_PER_ORDER_MAX).optional(),
};
export const createAntiAiRequest = z.object({ idempotencyKey, ...antiAiOrderFields }).superRefine(checkZeroCopy);
export type CreateAntiAiRequest = z.input<typeof createAntiAiRequest>;
/**
 * The request without its idempotency key, as the dashboard's form checks it: the key belongs to the
 * submission (made once, reused on every retry) and is added when the request is sent.
 */
export const antiAiOrderBody = z.object(antiAiOrderFields).superRefine(checkZeroCopy);
export type AntiAiOrderBody = z.output<typeof antiAiOrderBody>;

export const uploadFile = z.object({
  fileId: z.string(),
  fileName: z.string(),
  uploadUrl: z.string(),
  fileKey: z.string(),
});
export const urlFile = z.object({ fileId: z.string(), fileName: z.string(), originalFileUrl: z.string() });

export const createAntiAiResponse = z.object({
  orderName: z.string(),
  orderId: z.string(),
  status: orderStatus,
  files: z.array(z.union([uploadFile, urlFile])),
});
export type CreateAntiAiResponse = z.infer<typeof createAntiAiResponse>;

/** Deprecated: still served, answered with a Deprecation header. */
export const createAntiAiWithUrlsRequest = z
  .object({
    idempotencyKey,
    orderName: orderName.optional(),
    files: filesArray(z.object({ fileName: fileNameFor(ANTI_AI_EXTENSIONS), imageUrl: httpUrl })),
    options: antiAiOptions.default({ strength: 'high' }),
    mode: zeroCopyMode.optional(),
    outputTargets: z.array(outputTarget).max(FILES_PER_ORDER_MAX).optional(),
  })
  .superRefine(checkZeroCopy);
export const createAntiAiWithUrlsResponse = z.object({
  orderName: z.string(),
  orderId: z.string(),
  status: orderStatus,
});

/** Longer than any id the service issues; each check names its own fault (the string's error covers only a missing id). */
const ORDER_ID_MAX = 200;
export const confirmAntiAiRequest = z.object({
  idempotencyKey,
  orderId: z
    .string({ error: () => i18n._('is required') })
    .min(1, { error: () => i18n._('is required') })
    .max(ORDER_ID_MAX, { error: () => i18n._('must be at most {max} characters', { max: ORDER_ID_MAX }) }),
});
export const confirmAntiAiResponse = z.unknown().nullable();

export const watermark = z.object({
  text: z
    .string({ error: () => i18n._('is required') })
    .min(1, { error: () => i18n._('must not be empty') })
    .max(WATERMARK_TEXT_MAX, { error: () => i18n._('must be at most {max} characters', { max: WATERMARK_TEXT_MAX }) }),
});

const embedOrderFields = {
  files: filesArray(
    z.object({
      fileName: fileNameFor(EMBED_EXTENSIONS),
      watermarks: z
        .array(watermark, { error: () => i18n._('must be a list of watermarks') })
        .min(1, { error: () => i18n._('must have at least 1 watermark') })
        .max(WATERMARKS_PER_FILE_MAX, { error: () => i18n._('must have at most {max} watermarks', { max: WATERMARKS_PER_FILE_MAX }) }),
    }),
  ),
};
export const createEmbedRequest = z.object({ idempotencyKey, ...embedOrderFields });
export type CreateEmbedRequest = z.input<typeof createEmbedRequest>;
/** The request without its idempotency key (see `antiAiOrderBody`). */
export const embedOrderBody = z.object(embedOrderFields);
export type EmbedOrderBody = z.output<typeof embedOrderBody>;
export const createEmbedResponse = z.object({
  orderName: z.string(),
  orderId: z.string(),
  status: orderStatus.optional(),
  files: z.array(uploadFile),
});

const extractOrderFields = {
  file: z
    .object({
      fileName: fileNameFor(EXTRACT_EXTENSIONS),
      includeOriginal: z.boolean({ error: () => i18n._('must be true or false') }).optional(),
      originalFile: z.object({ fileName: fileNameFor(ORIGINAL_EXTENSIONS) }).optional(),
    })
    .superRefine((file, ctx) => {
      if (file.includeOriginal && !file.originalFile) {
        ctx.addIssue({ code: 'custom', path: ['originalFile'], message: i18n._('is required when includeOriginal is true') });
      }
      if (file.includeOriginal && extensionOf(file.fileName) === 'pdf') {
        ctx.addIssue({ code: 'custom', path: ['includeOriginal'], message: i18n._('is for images only, not PDF') });
      }
    }),
};
export const createExtractRequest = z.object({ idempotencyKey, ...extractOrderFields });
export type CreateExtractRequest = z.input<typeof createExtractRequest>;
/** The request without its idempotency key (see `antiAiOrderBody`). */
export const extractOrderBody = z.object(extractOrderFields);
export type ExtractOrderBody = z.output<typeof extractOrderBody>;
export const extractFile = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  uploadUrl: z.string(),
  fileKey: z.string(),
  fileFormat: z.string(),
  fileType: z.enum(['IMG', 'DOCUMENT']),
});
export const createExtractResponse = z.object({
  orderName: z.string(),
  orderId: z.string(),
  status: orderStatus.optional(),
  file: extractFile.extend({ originalFile: extractFile.optional() }),
});

export const order = z.object({
  orderId: z.string(),
  orderName: z.string(),
  type: orderType,
  channel: orderChannel,
  status: orderStatus,
  fileCount: z.number().int(),
  thumbnailImageUrl: z.string().nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  errors: z.string().nullable(),
  watermarks: z.array(z.string()).nullable(),
  watermarkText: z.string().nullable(),
  /** Set when processing completes (state table of the interface); absent on older services. */
  completedAt: isoTimestamp.nullable().optional(),
});
export type Order = z.infer<typeof order>;

const filterOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(['all', ...values] as [string, ...string[]], { error: () => i18n._('must be all or one of {values}', { values: values.join(', ') }) }).default('all');

/** `limit=-1` asks for every matching order in one answer (the specification: "-1 for all"). */
export const ALL_ORDERS = -1;

export const listOrdersQuery = z.object({
  ...pageQuery(10),
  limit: z.coerce
    .number({ error: () => i18n._('must be -1 (all) or a whole number from 1 to 100') })
    .int({ error: () => i18n._('must be -1 (all) or a whole number from 1 to 100') })
    .refine((n) => n === ALL_ORDERS || (n >= 1 && n <= 100), { error: () => i18n._('must be -1 (all) or a whole number from 1 to 100') })
    .default(10),
  keyword: z.string().max(200, { error: () => i18n._('is longer than 200 characters') }).optional(),
  status: filterOf(ORDER_STATUSES),
  type: filterOf(ORDER_TYPES),
  channel: filterOf(ORDER_CHANNELS),
});
export type ListOrdersQuery = z.input<typeof listOrdersQuery>;
/** The list query with every default applied: what the emulator filters by and what the dashboard sends. */
export type ListOrdersFilter = z.output<typeof listOrdersQuery>;

export const listOrdersResponse = z.object({
  orders: z.array(order),
  pageInfo: z.object({
    totalItems: z.number().int(),
    totalPages: z.number().int(),
    currentPage: z.number().int(),
    itemsPerPage: z.number().int(),
  }),
});
export type ListOrdersResponse = z.infer<typeof listOrdersResponse>;

export const downloadResponse = z.object({ downloadUrl: z.string(), expiresIn: z.number().int() });

export const refreshUrlsResponse = z.object({
  files: z.array(
    z.object({
      fileId: z.union([z.string(), z.number().int()]),
      fileName: z.string(),
      uploadUrl: z.string(),
      fileKey: z.string(),
    }),
  ),
});
export type RefreshUrlsResponse = z.infer<typeof refreshUrlsResponse>;
