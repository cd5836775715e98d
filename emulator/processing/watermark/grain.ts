import sharp from 'sharp';
import { readImage, type RasterImage } from '../image-io';
import { embedWatermark } from './embed';
import { centreWindow, crop, extractWatermark } from './extract';
import { luminanceOf } from './luminance';
import type { WatermarkParams } from './params';
import { GRAINS, type Grain } from './pattern';

/** The trial runs on at most this square from the picture's centre: enough tiles to tell, and quick on a 40-megapixel photo. */
const TRIAL_SIZE = 512;
const TRIAL_QUALITY = 75;

/**
 * Which grain to embed a picture's bits in. The fine grain holds best in busy
 * textures, the coarse one survives halving followed by JPEG, and the picture
 * decides which matters: both are embedded in its centre (luminance only, as the
 * mark is), the copy halved and saved as JPEG q75 (the harshest everyday edit
 * the bench measures), and the grain that reads back stronger there is kept.
 * The extractor tries both grains, so the choice costs nothing to read.
 */
export async function chooseGrain(image: RasterImage, payload: number, key: string, params: WatermarkParams): Promise<Grain> {
  const trial = centreLuminance(image, TRIAL_SIZE);
  const half = { width: Math.max(1, Math.round(trial.width / 2)), height: Math.max(1, Math.round(trial.height / 2)) };
  let best: { grain: Grain; confidence: number } | undefined;
  for (const grain of GRAINS) {
    const marked = embedWatermark(trial, payload, key, params, grain).image;
    const jpeg = await sharp(marked.data, { raw: { width: marked.width, height: marked.height, channels: 1 } })
      .resize(half.width, half.height, { fit: 'fill' })
      .jpeg({ quality: TRIAL_QUALITY })
      .toBuffer();
    const copy = (await readImage(jpeg, { accept: ['jpeg'] })).image;
    const { confidence } = extractWatermark(copy, key, { params, grains: [grain], guesses: [{ scale: half.width / trial.width, turn: 0 }] });
    if (!best || confidence > best.confidence) best = { grain, confidence };
  }
  return best?.grain ?? 'fine';
}

/** The picture's centre as a grey raster of its luminance, where the mark lives. */
function centreLuminance(image: RasterImage, limit: number): RasterImage {
  const window = centreWindow(image.width, image.height, limit);
  const luminance = crop(luminanceOf(image), image.width, window);
  return { width: window.width, height: window.height, channels: 1, data: Uint8Array.from(luminance, Math.round) };
}
