/**
 * Why a geometric attack is missed: the sync (wrong scale or turn found) or
 * the bits (too weak even at the right geometry)? For the bench's geometric
 * attacks, prints the blind result, the result when extraction is given the
 * true scale and turn (both turn directions; refinement and translation as
 * usual), and where the true geometry ranks among the autocorrelation's
 * candidates (-1: not among them).
 *
 *   npx tsx bench/watermark-geometry.ts
 *   IMAGES=grass.png,text.png ATTACKS='scale 50%' WATERMARK_GRAIN=coarse npx tsx bench/watermark-geometry.ts
 *
 * Payloads depend on the image's place in the list, as in bench/watermark.ts
 * only when IMAGES is not set.
 */
import { readImage, READABLE_FORMATS } from '../emulator/processing/image-io';
import { extractWatermark } from '../emulator/processing/watermark/extract';
import { EMULATOR_WATERMARK_KEY } from '../emulator/processing/watermark/key';
import { latticeCandidates } from '../emulator/processing/watermark/sync';
import { whiten } from '../emulator/processing/watermark/planes';
import { luminanceOf } from '../emulator/processing/watermark/luminance';
import { ATTACKS } from '../test-support/images/watermark-attacks';
import { params, processor } from './support/watermark-env';
import { corpusFiles, readCorpus } from '../test-support/images/processing-fixtures';

const truth: Record<string, [number, number]> = {
  'rotate -5°, jpeg q75': [1, -5], 'rotate -2°, jpeg q75': [1, -2], 'rotate 2°, jpeg q75': [1, 2],
  'scale 50%': [0.5, 0], 'scale 67%': [0.67, 0], 'scale 50%, jpeg q75': [0.5, 0], 'scale 67%, jpeg q75': [0.67, 0],
  'rotate 3° + scale 80% + crop, jpeg q75': [0.8, 3], 'screenshot: shown at 50%, PNG, crop': [0.5, 0],
};
const files = corpusFiles().filter((f) => !process.env.IMAGES || process.env.IMAGES.split(',').includes(f));
for (const [index, name] of files.entries()) {
  const payload = (0x9e3779b1 * (index + 1)) >>> 0;
  const r = await processor.process({ kind: 'watermarkEmbed', input: readCorpus(name), fileName: name, payload });
  if (r.kind !== 'image') throw new Error();
  for (const attack of ATTACKS.filter((a) => (a.name in truth || a.name.startsWith('screenshot: 1280')) && (!process.env.ATTACKS || process.env.ATTACKS.split(',').some((p) => a.name.includes(p))))) {
    const img = (await readImage(await attack.apply(r.output), { accept: READABLE_FORMATS })).image;
    const [s, d] = truth[attack.name] ?? [1280 / (await readImage(readCorpus(name), { accept: READABLE_FORMATS })).image.width, 0];
    const blind = extractWatermark(img, EMULATOR_WATERMARK_KEY, { params });
    const oracle = [d, -d].map((t) => extractWatermark(img, EMULATOR_WATERMARK_KEY, { params, guesses: [{ scale: s, turn: (t * Math.PI) / 180 }] }));
    const cands = latticeCandidates(whiten(luminanceOf(img), img.width, img.height), img.width, img.height, params);
    const rank = cands.findIndex((c) => Math.abs(c.scale / s - 1) < 0.02 && Math.abs(Math.abs(c.turn * 180 / Math.PI) - Math.abs(d)) < 0.5);
    console.log([name, attack.name, `blind ${blind.payload === payload ? 'OK' : 'miss'} ${blind.confidence.toFixed(2)}`,
      `oracle ${oracle.map((o) => `${o.payload === payload ? 'OK' : o.payload === null ? '-' : 'WRONG'} ${o.confidence.toFixed(2)}`).join(' / ')}`,
      `rank ${rank}`, cands.slice(0, 3).map((c) => `${c.scale.toFixed(3)}@${(c.turn * 180 / Math.PI).toFixed(2)}`).join(' ')].join(' | '));
  }
}
