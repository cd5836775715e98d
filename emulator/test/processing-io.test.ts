import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANTI_AI_BOUND } from '../processing/anti-ai';
import { readImage, READABLE_FORMATS } from '../processing/image-io';
import { RealProcessor } from '../processing/real-processor';
import { ProcessingError, type ProcessingJob, type Strength } from '../processing/types';
import { CORPUS_DIR, readCorpus } from '../../test-support/images/processing-fixtures';

const processor = new RealProcessor();

async function expectFailure(job: ProcessingJob, code: string, message: RegExp, p = processor): Promise<void> {
  const error: unknown = await p.process(job).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProcessingError);
  expect((error as ProcessingError).code).toBe(code);
  expect((error as ProcessingError).message).toMatch(message);
}

/** A PNG header that claims 10000 × 10000 pixels: too large is known before decoding. */
function hugePngHeader(): Buffer {
  const png = Buffer.from(readCorpus('coins.png'));
  png.writeUInt32BE(10_000, 16);
  png.writeUInt32BE(10_000, 20);
  // The IHDR chunk's CRC covers type and data (bytes 12–28).
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('anti-AI perturbation', () => {
  it.each(['low', 'standard', 'high'] as Strength[])('%s: changes pixels within its bound and keeps format and size', async (strength) => {
    const input = readCorpus('chelsea.png');
    const result = await processor.process({ kind: 'antiAi', input, fileName: 'c.png', strength });
    if (result.kind !== 'image') throw new Error('expected an image');
    expect(result.contentType).toBe('image/png');
    const before = await readImage(input, { accept: READABLE_FORMATS });
    const after = await readImage(result.output, { accept: READABLE_FORMATS });
    expect([after.image.width, after.image.height, after.image.channels]).toEqual([451, 300, 3]);
    let maxDiff = 0;
    let changed = 0;
    for (let i = 0; i < before.image.data.length; i++) {
      const d = Math.abs((before.image.data[i] ?? 0) - (after.image.data[i] ?? 0));
      maxDiff = Math.max(maxDiff, d);
      if (d > 0) changed++;
    }
    expect(maxDiff).toBeLessThanOrEqual(ANTI_AI_BOUND[strength]);
    expect(maxDiff).toBeGreaterThan(0);
    expect(changed / before.image.data.length).toBeGreaterThan(0.3);
  });

  it('JPEG stays JPEG and WebP stays WebP', async () => {
    const jpeg = await processor.process({ kind: 'antiAi', input: readCorpus('rocket.jpg'), fileName: 'r.jpg', strength: 'standard' });
    expect(jpeg.kind === 'image' && jpeg.contentType).toBe('image/jpeg');
    const webpIn = await sharp(readCorpus('coins.png')).webp({ quality: 90 }).toBuffer();
    const webp = await processor.process({ kind: 'antiAi', input: webpIn, fileName: 'c.webp', strength: 'low' });
    if (webp.kind !== 'image') throw new Error('expected an image');
    expect(webp.contentType).toBe('image/webp');
    expect((await sharp(webp.output).metadata()).format).toBe('webp');
  });
});

describe('bad inputs fail with a clear code', () => {
  const truncated = readFileSync(`${CORPUS_DIR}bad/truncated.jpg`);
  it.each([
    ['antiAi', { kind: 'antiAi', input: truncated, fileName: 't.jpg', strength: 'low' }],
    ['embed', { kind: 'watermarkEmbed', input: truncated, fileName: 't.jpg', payload: 1 }],
    ['extract', { kind: 'watermarkExtract', input: truncated, fileName: 't.jpg' }],
  ] as [string, ProcessingJob][])('%s of a truncated JPEG: IMAGE_UNREADABLE', async (_name, job) => {
    await expectFailure(job, 'IMAGE_UNREADABLE', /damaged|cut short/);
  });

  it('an empty file: IMAGE_EMPTY, for every kind', async () => {
    const input = Buffer.alloc(0);
    await expectFailure({ kind: 'antiAi', input, fileName: 'e.png', strength: 'low' }, 'IMAGE_EMPTY', /empty/);
    await expectFailure({ kind: 'watermarkEmbed', input, fileName: 'e.png', payload: 1 }, 'IMAGE_EMPTY', /empty/);
    await expectFailure({ kind: 'watermarkExtract', input, fileName: 'e.png' }, 'IMAGE_EMPTY', /empty/);
  });

  it('random bytes to embed: IMAGE_UNREADABLE', async () => {
    await expectFailure({ kind: 'watermarkEmbed', input: Buffer.from('not an image at all'), fileName: 'x.png', payload: 1 }, 'IMAGE_UNREADABLE', /could not be read/);
  });

  it('an image over the pixel limit: IMAGE_TOO_LARGE (default 40 MP, and a configured limit)', async () => {
    await expectFailure({ kind: 'watermarkEmbed', input: hugePngHeader(), fileName: 'h.png', payload: 1 }, 'IMAGE_TOO_LARGE', /10000 × 10000.*40 megapixels/);
    await expectFailure({ kind: 'watermarkExtract', input: hugePngHeader(), fileName: 'h.png' }, 'IMAGE_TOO_LARGE', /limit/);
    const small = new RealProcessor({ maxPixels: 100_000 });
    await expectFailure({ kind: 'antiAi', input: readCorpus('astronaut.png'), fileName: 'a.png', strength: 'low' }, 'IMAGE_TOO_LARGE', /512 × 512/, small);
  });

  it('a GIF or PDF to embed or anti-AI: UNSUPPORTED_FORMAT', async () => {
    const gif = await sharp(readCorpus('coins.png')).gif().toBuffer();
    await expectFailure({ kind: 'watermarkEmbed', input: gif, fileName: 'c.gif', payload: 1 }, 'UNSUPPORTED_FORMAT', /GIF/);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF');
    await expectFailure({ kind: 'antiAi', input: pdf, fileName: 'c.pdf', strength: 'high' }, 'UNSUPPORTED_FORMAT', /PDF/);
  });
});
