import { parentPort, workerData } from 'node:worker_threads';
import { RealProcessor, type RealProcessorOptions } from './real-processor';
import { ProcessingError, type ProcessingJob, type ProcessingResult } from './types';

/** Messages between the pool (worker-pool.ts) and this worker. */
export interface WorkerRequest {
  id: number;
  job: ProcessingJob;
}

export type WorkerReply =
  | { id: number; result: ProcessingResult }
  | { id: number; failure: { code: ProcessingError['code']; message: string } }
  | { id: number; crash: string };

const processor = new RealProcessor(workerData as RealProcessorOptions);

parentPort?.on('message', (request: WorkerRequest) => {
  const job = { ...request.job, input: Buffer.from(request.job.input) } as ProcessingJob;
  if (job.kind === 'watermarkExtract' && job.original) job.original = Buffer.from(job.original);
  processor.process(job).then(
    (result) => parentPort?.postMessage({ id: request.id, result } satisfies WorkerReply),
    (error: unknown) => {
      const reply: WorkerReply =
        error instanceof ProcessingError
          ? { id: request.id, failure: { code: error.code, message: error.message } }
          : { id: request.id, crash: error instanceof Error ? error.message : String(error) };
      parentPort?.postMessage(reply);
    },
  );
});
