import type { EmulatorConfig } from '../config';
import { WorkerPoolProcessor } from '../processing/worker-pool';
import type { Processor } from '../processing/types';

/**
 * The one place that picks the algorithms: the real watermark and anti-AI
 * steps (docs/watermark.md), run in worker threads so a 100-image order never
 * blocks the API or the upload endpoint.
 */
export function createProcessor(config: EmulatorConfig): Processor {
  return new WorkerPoolProcessor({ concurrency: config.processingThreads });
}
