import { afterAll, describe, expect, it } from 'vitest';
import { ProcessingError } from '../processing/types';
import { WorkerPoolProcessor } from '../processing/worker-pool';
import { readCorpus } from '../../test-support/images/processing-fixtures';

describe('worker pool processor', () => {
  const pool = new WorkerPoolProcessor({ concurrency: 2 });
  afterAll(() => pool.close());

  it('embeds and extracts in worker threads, several jobs at once', async () => {
    const names = ['coins.png', 'text.png', 'chelsea.png'];
    const marked = await Promise.all(
      names.map((name, i) => pool.process({ kind: 'watermarkEmbed', input: readCorpus(name), fileName: name, payload: 1000 + i })),
    );
    const payloads = await Promise.all(
      marked.map((result) => {
        if (result.kind !== 'image') throw new Error('expected an image');
        expect(Buffer.isBuffer(result.output)).toBe(true);
        return pool.process({ kind: 'watermarkExtract', input: result.output, fileName: 'x.png' });
      }),
    );
    expect(payloads).toEqual([1000, 1001, 1002].map((payload) => ({ kind: 'extract', payload })));
  });

  it('passes input errors back as ProcessingError with their code', async () => {
    const error: unknown = await pool.process({ kind: 'antiAi', input: Buffer.alloc(0), fileName: 'e.png', strength: 'low' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessingError);
    expect((error as ProcessingError).code).toBe('IMAGE_EMPTY');
  });
});
