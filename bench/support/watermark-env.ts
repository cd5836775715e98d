/**
 * The watermark settings the watermark benches run with: the defaults, or what the environment asks for
 * (WATERMARK_PSNR, WATERMARK_TILE, WATERMARK_CHIP, WATERMARK_THRESHOLD, and WATERMARK_GRAIN=fine|coarse to
 * embed every picture in one grain instead of the one chosen per picture).
 */
import { RealProcessor } from '../../emulator/processing/real-processor';
import { DEFAULT_WATERMARK_PARAMS, type WatermarkParams } from '../../emulator/processing/watermark/params';
import { GRAINS, type Grain } from '../../emulator/processing/watermark/pattern';

export const params: WatermarkParams = {
  ...DEFAULT_WATERMARK_PARAMS,
  psnr: Number(process.env.WATERMARK_PSNR ?? DEFAULT_WATERMARK_PARAMS.psnr),
  tile: Number(process.env.WATERMARK_TILE ?? DEFAULT_WATERMARK_PARAMS.tile),
  chip: Number(process.env.WATERMARK_CHIP ?? DEFAULT_WATERMARK_PARAMS.chip),
  threshold: Number(process.env.WATERMARK_THRESHOLD ?? DEFAULT_WATERMARK_PARAMS.threshold),
};

function grain(): Grain | 'auto' {
  const asked = process.env.WATERMARK_GRAIN ?? 'auto';
  if (asked === 'auto' || (GRAINS as readonly string[]).includes(asked)) return asked as Grain | 'auto';
  throw new Error(`WATERMARK_GRAIN must be ${[...GRAINS, 'auto'].join(', ')}; got ${asked}`);
}

export const processor = new RealProcessor({ watermarkParams: params, watermarkGrain: grain() });
