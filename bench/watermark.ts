/**
 * Watermark quality benchmark: imperceptibility (PSNR), robustness against
 * common edits, and false alarms, over the test corpus plus 200 generated
 * images. Prints a table and writes bench/results/watermark.json.
 *
 *   npm run bench:watermark
 *   WATERMARK_STEP=24 npm run bench:watermark   # try another QIM step
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { psnr, readImage, READABLE_FORMATS } from '../emulator/processing/image-io';
import { RealProcessor } from '../emulator/processing/real-processor';
import type { ProcessingResult } from '../emulator/processing/types';
import { extractWatermark } from '../emulator/processing/watermark/extract';
import { EMULATOR_WATERMARK_KEY } from '../emulator/processing/watermark/key';
import { DEFAULT_WATERMARK_PARAMS, type WatermarkParams } from '../emulator/processing/watermark/params';
import { corpusFiles, encodeRaster, generatedImage, readCorpus } from '../emulator/test/processing-fixtures';

const params: WatermarkParams = {
  ...DEFAULT_WATERMARK_PARAMS,
  step: Number(process.env.WATERMARK_STEP ?? DEFAULT_WATERMARK_PARAMS.step),
  threshold: Number(process.env.WATERMARK_THRESHOLD ?? DEFAULT_WATERMARK_PARAMS.threshold),
};
const processor = new RealProcessor({ watermarkParams: params });
const GENERATED = Number(process.env.GENERATED ?? 200);

type Attack = { name: string; apply: (file: Buffer) => Promise<Buffer>; withOriginal?: boolean };

async function size(file: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(file).metadata();
  return { width: meta.width, height: meta.height };
}

const ATTACKS: Attack[] = [
  { name: 'none', apply: async (f) => f },
  { name: 'jpeg q75', apply: (f) => sharp(f).jpeg({ quality: 75 }).toBuffer() },
  { name: 'jpeg q50', apply: (f) => sharp(f).jpeg({ quality: 50 }).toBuffer() },
  { name: 'webp q75', apply: (f) => sharp(f).webp({ quality: 75 }).toBuffer() },
  {
    name: 'scale 75% and back',
    apply: async (f) => {
      const { width, height } = await size(f);
      const small = await sharp(f).resize(Math.round(width * 0.75), Math.round(height * 0.75), { fit: 'fill' }).png().toBuffer();
      return sharp(small).resize(width, height, { fit: 'fill' }).png().toBuffer();
    },
  },
  { name: 'brightness x1.02', apply: (f) => sharp(f).linear(1.02, 0).png().toBuffer() },
  { name: 'brightness +5 (2%)', apply: (f) => sharp(f).linear(1, 5).png().toBuffer() },
  {
    name: 'scale 75% (kept), with original',
    withOriginal: true,
    apply: async (f) => {
      const { width, height } = await size(f);
      return sharp(f).resize(Math.round(width * 0.75), Math.round(height * 0.75), { fit: 'fill' }).png().toBuffer();
    },
  },
  { name: 'jpeg q50, with original', withOriginal: true, apply: (f) => sharp(f).jpeg({ quality: 50 }).toBuffer() },
];

function image(result: ProcessingResult): Buffer {
  if (result.kind !== 'image') throw new Error('expected an image');
  return result.output;
}

async function confidenceOf(file: Buffer): Promise<number> {
  const decoded = await readImage(file, { accept: READABLE_FORMATS });
  return extractWatermark(decoded.image, EMULATOR_WATERMARK_KEY, { params }).confidence;
}

async function main(): Promise<void> {
  const started = Date.now();
  const rows: Record<string, string | number | boolean>[] = [];
  const survived: Record<string, number> = Object.fromEntries(ATTACKS.map((a) => [a.name, 0]));
  const minConfidence: Record<string, number> = Object.fromEntries(ATTACKS.map((a) => [a.name, Infinity]));
  const files = corpusFiles();
  for (const [index, name] of files.entries()) {
    const input = readCorpus(name);
    const payload = (0x9e3779b1 * (index + 1)) >>> 0;
    const marked = image(await processor.process({ kind: 'watermarkEmbed', input, fileName: name, payload }));
    const before = await readImage(input, { accept: READABLE_FORMATS });
    const after = await readImage(marked, { accept: READABLE_FORMATS });
    const row: Record<string, string | number | boolean> = {
      image: name,
      size: `${before.image.width}x${before.image.height}x${before.image.channels}`,
      psnr: Number(psnr(before.image, after.image).toFixed(2)),
    };
    for (const attack of ATTACKS) {
      const attacked = await attack.apply(marked);
      const result = await processor.process({
        kind: 'watermarkExtract',
        input: attacked,
        fileName: 'attacked.png',
        ...(attack.withOriginal ? { original: input } : {}),
      });
      const ok = result.kind === 'extract' && result.payload === payload;
      if (ok) survived[attack.name] = (survived[attack.name] ?? 0) + 1;
      row[attack.name] = ok;
      if (!attack.withOriginal) {
        const confidence = await confidenceOf(attacked);
        minConfidence[attack.name] = Math.min(minConfidence[attack.name] ?? Infinity, confidence);
        row[`${attack.name} z`] = Number(confidence.toFixed(2));
      }
    }
    rows.push(row);
  }

  // False alarms: unmarked corpus and generated images, blind extraction.
  let falseAlarms = 0;
  let maxNegativeConfidence = 0;
  const negatives: { name: string; confidence: number; detected: boolean }[] = [];
  const check = async (name: string, file: Buffer) => {
    const result = await processor.process({ kind: 'watermarkExtract', input: file, fileName: name });
    const detected = result.kind === 'extract' && result.payload !== null;
    const confidence = await confidenceOf(file);
    if (detected) falseAlarms++;
    maxNegativeConfidence = Math.max(maxNegativeConfidence, confidence);
    negatives.push({ name, confidence: Number(confidence.toFixed(3)), detected });
  };
  for (const name of files) await check(name, readCorpus(name));
  for (let i = 0; i < GENERATED; i++) {
    const { kind, image: raster } = generatedImage(i);
    await check(`generated-${i}-${kind}`, await encodeRaster(raster, i % 3 === 0 ? 'jpeg' : 'png'));
  }

  const summary = {
    params: { step: params.step, positions: params.positions.length, threshold: params.threshold, passes: params.passes },
    images: files.length,
    minPsnr: Math.min(...rows.map((r) => Number(r.psnr))),
    meanPsnr: Number((rows.reduce((s, r) => s + Number(r.psnr), 0) / rows.length).toFixed(2)),
    survival: Object.fromEntries(ATTACKS.map((a) => [a.name, `${survived[a.name]}/${files.length}`])),
    survivalRate: Object.fromEntries(ATTACKS.map((a) => [a.name, Number(((survived[a.name] ?? 0) / files.length).toFixed(3))])),
    minConfidenceBlind: Object.fromEntries(Object.entries(minConfidence).filter(([, v]) => Number.isFinite(v)).map(([k, v]) => [k, Number(v.toFixed(2))])),
    negatives: negatives.length,
    falseAlarms,
    maxNegativeConfidence: Number(maxNegativeConfidence.toFixed(3)),
    seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
  };

  const table = rows.map((r) => ({ image: r.image, size: r.size, psnr: r.psnr, ...Object.fromEntries(ATTACKS.map((a) => [a.name, r[a.name] ? `ok${r[`${a.name} z`] !== undefined ? ` z=${r[`${a.name} z`]}` : ''}` : `MISS${r[`${a.name} z`] !== undefined ? ` z=${r[`${a.name} z`]}` : ''}`])) }));
  console.table(table);
  console.log(JSON.stringify(summary, null, 2));
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/watermark.json', import.meta.url), `${JSON.stringify({ summary, rows, negatives }, null, 2)}\n`);
}

await main();
