/**
 * Throughput of the real processor beside the floor: a plain sharp decode and
 * re-encode of the same images in the same format. Writes bench/results/processing.json.
 *
 *   npm run bench:processing
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { applyAntiAi } from '../emulator/processing/anti-ai';
import { psnr, readImage, READABLE_FORMATS, writeImage, type WritableFormat } from '../emulator/processing/image-io';
import { RealProcessor } from '../emulator/processing/real-processor';
import type { ProcessingJob } from '../emulator/processing/types';
import { WorkerPoolProcessor } from '../emulator/processing/worker-pool';
import { corpusFiles, readCorpus } from '../test-support/images/processing-fixtures';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const processor = new RealProcessor();
const files = corpusFiles().map((name) => ({ name, input: readCorpus(name) }));

async function timed(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm-up
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) await run();
  const seconds = (performance.now() - started) / 1000;
  return (ROUNDS * files.length) / seconds;
}

async function reencode(input: Buffer): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  const pipeline = sharp(input);
  if (meta.format === 'jpeg') return pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
  if (meta.format === 'webp') return pipeline.webp({ quality: 95 }).toBuffer();
  return pipeline.png({ compressionLevel: 6 }).toBuffer();
}

async function main(): Promise<void> {
  const pool = new WorkerPoolProcessor({ concurrency: 2 });
  const marked = await Promise.all(
    files.map(async ({ name, input }, i) => {
      const result = await processor.process({ kind: 'watermarkEmbed', input, fileName: name, payload: i + 1 });
      if (result.kind !== 'image') throw new Error('expected an image');
      return result.output;
    }),
  );
  const each = (job: (name: string, input: Buffer, index: number) => ProcessingJob) => async () => {
    for (const [index, { name, input }] of files.entries()) await processor.process(job(name, input, index));
  };
  const floor = await timed(async () => {
    for (const { input } of files) await reencode(input);
  });
  const rows = [
    { step: 'decode + re-encode (sharp, floor)', imagesPerSecond: floor },
    { step: 'watermark embed', imagesPerSecond: await timed(each((fileName, input, i) => ({ kind: 'watermarkEmbed', input, fileName, payload: i }))) },
    {
      step: 'watermark extract (blind, marked)',
      imagesPerSecond: await timed(async () => {
        for (const [i, file] of marked.entries()) await processor.process({ kind: 'watermarkExtract', input: file, fileName: `${i}.png` });
      }),
    },
    {
      step: 'watermark extract (blind, unmarked: all shifts tried)',
      imagesPerSecond: await timed(each((fileName, input) => ({ kind: 'watermarkExtract', input, fileName }))),
    },
    {
      step: 'watermark embed, worker pool (2 threads, all images at once)',
      imagesPerSecond: await timed(() =>
        Promise.all(files.map(({ name, input }, i) => pool.process({ kind: 'watermarkEmbed', input, fileName: name, payload: i }))),
      ),
    },
    { step: 'anti-AI (high)', imagesPerSecond: await timed(each((fileName, input) => ({ kind: 'antiAi', input, fileName, strength: 'high' }))) },
  ].map((r) => ({ ...r, imagesPerSecond: Number(r.imagesPerSecond.toFixed(2)), timesSlowerThanFloor: Number((floor / r.imagesPerSecond).toFixed(2)) }));

  // Anti-AI distortion per strength, measured on the lossless (PNG) images.
  const antiAi: Record<string, number> = {};
  for (const strength of ['low', 'standard', 'high'] as const) {
    const values: number[] = [];
    for (const { name, input } of files) {
      if (!name.endsWith('.png')) continue;
      const decoded = await readImage(input, { accept: READABLE_FORMATS });
      const out = await writeImage(applyAntiAi(decoded.image, strength), decoded.format as WritableFormat);
      values.push(psnr(decoded.image, (await readImage(out.output, { accept: READABLE_FORMATS })).image));
    }
    antiAi[strength] = Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(2));
  }

  await pool.close();
  console.log(`${files.length} corpus images (0.07–0.87 MP), ${ROUNDS} rounds, one thread unless stated`);
  console.table(rows);
  console.log('anti-AI mean PSNR (dB) per strength:', antiAi);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/processing.json', import.meta.url), `${JSON.stringify({ images: files.length, rounds: ROUNDS, rows, antiAiPsnr: antiAi }, null, 2)}\n`);
}

await main();
