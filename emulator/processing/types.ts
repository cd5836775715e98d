/**
 * The one interface every processing step sits behind. The orders pipeline
 * (job queue) calls a Processor; the algorithms live behind it and can be
 * swapped without touching the pipeline.
 */
export type Strength = 'low' | 'standard' | 'high';

export type ProcessingJob =
  | { kind: 'antiAi'; input: Buffer; fileName: string; strength: Strength }
  /** payload: an unsigned 32-bit number that identifies the embed order and file (texts are stored server-side). */
  | { kind: 'watermarkEmbed'; input: Buffer; fileName: string; payload: number }
  | { kind: 'watermarkExtract'; input: Buffer; fileName: string; original?: Buffer };

export type ProcessingResult =
  | { kind: 'image'; output: Buffer; contentType: string }
  /** payload is null when no valid watermark was found. */
  | { kind: 'extract'; payload: number | null };

export type ProcessingErrorCode = 'IMAGE_UNREADABLE' | 'IMAGE_TOO_LARGE' | 'IMAGE_EMPTY' | 'UNSUPPORTED_FORMAT';

/** A failure that belongs to the input: the order fails with this message as its `errors` text. */
export class ProcessingError extends Error {
  constructor(
    readonly code: ProcessingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProcessingError';
  }
}

export interface Processor {
  process(job: ProcessingJob): Promise<ProcessingResult>;
  close?(): Promise<void>;
}
