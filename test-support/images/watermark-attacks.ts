/**
 * The edits the watermark bench (bench/watermark.ts) and its regression test apply to a
 * marked file. Sizes are read from the file, so each attack works on any image.
 */
import sharp from 'sharp';

export interface Attack {
  name: string;
  apply: (file: Buffer) => Promise<Buffer>;
  /** Extract with the unmarked original as a reference. */
  withOriginal?: boolean;
}

async function size(file: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(file).metadata();
  return { width: meta.width, height: meta.height };
}

const jpeg75 = (file: Buffer): Promise<Buffer> => sharp(file).jpeg({ quality: 75 }).toBuffer();

/** Keeps the fraction `keepX` × `keepY` of the picture, placed at (alignX, alignY) ∈ [0, 1] (0 = left/top, 1 = right/bottom). */
export async function cropTo(file: Buffer, keepX: number, keepY: number, alignX: number, alignY: number): Promise<Buffer> {
  const { width, height } = await size(file);
  const w = Math.round(width * keepX);
  const h = Math.round(height * keepY);
  const left = Math.round((width - w) * alignX);
  const top = Math.round((height - h) * alignY);
  return sharp(file).extract({ left, top, width: w, height: h }).png().toBuffer();
}

export async function scaleBy(file: Buffer, factor: number): Promise<Buffer> {
  const { width, height } = await size(file);
  return sharp(file).resize(Math.round(width * factor), Math.round(height * factor), { fit: 'fill' }).png().toBuffer();
}

async function scaleAndBack(file: Buffer, factor: number): Promise<Buffer> {
  const { width, height } = await size(file);
  return sharp(await scaleBy(file, factor)).resize(width, height, { fit: 'fill' }).png().toBuffer();
}

/** One side resized by `factor` (width or height), the other kept: an aspect change, as reposts reshape pictures. */
export async function reshape(file: Buffer, side: 'width' | 'height', factor: number): Promise<Buffer> {
  const { width, height } = await size(file);
  const w = side === 'width' ? Math.round(width * factor) : width;
  const h = side === 'height' ? Math.round(height * factor) : height;
  return sharp(file).resize(w, h, { fit: 'fill' }).png().toBuffer();
}

/** Flipped left to right. */
export function mirror(file: Buffer): Promise<Buffer> {
  return sharp(file).flop().png().toBuffer();
}

const RESHAPES: ['width' | 'height', number][] = [
  ['width', 0.9],
  ['width', 1.1],
  ['height', 0.9],
  ['height', 1.1],
];

/** Rotation about the centre; the canvas grows and the corners are filled grey, as most editors do. */
export function rotateBy(file: Buffer, degrees: number): Promise<Buffer> {
  return sharp(file).rotate(degrees, { background: '#808080' }).png().toBuffer();
}

/** A screenshot of the picture shown `width` pixels wide (PNG, as screenshots are), cut to a part of the screen. */
export async function screenshot(file: Buffer, width: number): Promise<Buffer> {
  const shown = await sharp(file).resize({ width }).png().toBuffer();
  return cropTo(shown, 0.8, 0.8, 0.3, 0.6);
}

const CROPS: [string, number, number, number, number][] = [
  ['crop 10% off each edge', 0.8, 0.8, 0.5, 0.5],
  ['crop 20% off left and top', 0.8, 0.8, 1, 1],
  ['crop 20% off right and bottom', 0.8, 0.8, 0, 0],
  ['crop 36% off the right', 0.64, 1, 0, 0],
  ['crop 36% off top and bottom', 1, 0.64, 0.5, 0.5],
  ['crop 36% off the left', 0.64, 1, 1, 0],
  ['crop 36% off the top', 1, 0.64, 0, 1],
  ['crop 36% off the bottom', 1, 0.64, 0, 0],
  ['crop 20% off left and bottom', 0.8, 0.8, 1, 0],
];

export const ATTACKS: Attack[] = [
  { name: 'none', apply: async (f) => f },
  { name: 'jpeg q75', apply: jpeg75 },
  { name: 'jpeg q50', apply: (f) => sharp(f).jpeg({ quality: 50 }).toBuffer() },
  { name: 'jpeg q30', apply: (f) => sharp(f).jpeg({ quality: 30 }).toBuffer() },
  { name: 'webp q75', apply: (f) => sharp(f).webp({ quality: 75 }).toBuffer() },
  { name: 'scale 75% and back', apply: (f) => scaleAndBack(f, 0.75) },
  { name: 'scale 50% and back', apply: (f) => scaleAndBack(f, 0.5) },
  { name: 'brightness x1.02', apply: (f) => sharp(f).linear(1.02, 0).png().toBuffer() },
  { name: 'brightness +5 (2%)', apply: (f) => sharp(f).linear(1, 5).png().toBuffer() },
  // Contrast +20 % about mid-grey, as an editor's contrast slider does.
  { name: 'contrast x1.2', apply: (f) => sharp(f).linear(1.2, -0.2 * 128).png().toBuffer() },
  { name: 'grayscale', apply: (f) => sharp(f).grayscale().png().toBuffer() },
  ...CROPS.map(([name, kx, ky, ax, ay]) => ({ name, apply: (f: Buffer) => cropTo(f, kx, ky, ax, ay) })),
  ...CROPS.map(([name, kx, ky, ax, ay]) => ({ name: `${name}, jpeg q75`, apply: async (f: Buffer) => jpeg75(await cropTo(f, kx, ky, ax, ay)) })),
  ...[-5, -3, -2, -1, 1, 2, 3, 5].map((d) => ({ name: `rotate ${d}°`, apply: (f: Buffer) => rotateBy(f, d) })),
  ...[-5, -2, 2, 5].map((d) => ({ name: `rotate ${d}°, jpeg q75`, apply: async (f: Buffer) => jpeg75(await rotateBy(f, d)) })),
  ...[0.5, 0.67, 0.8, 1.25, 1.5, 2].map((s) => ({ name: `scale ${s * 100}%`, apply: (f: Buffer) => scaleBy(f, s) })),
  ...[0.5, 0.67, 1.5, 2].map((s) => ({ name: `scale ${s * 100}%, jpeg q75`, apply: async (f: Buffer) => jpeg75(await scaleBy(f, s)) })),
  { name: 'rotate 3° + scale 80% + crop, jpeg q75', apply: async (f) => jpeg75(await cropTo(await scaleBy(await rotateBy(f, 3), 0.8), 0.8, 0.8, 0.2, 0.7)) },
  { name: 'screenshot: 1280 px wide, PNG, crop', apply: (f) => screenshot(f, 1280) },
  { name: 'screenshot: shown at 50%, PNG, crop', apply: async (f) => screenshot(f, Math.round((await size(f)).width / 2)) },
  // Issue 28: reposts mirror pictures and change their aspect ratio.
  { name: 'mirror', apply: mirror },
  { name: 'mirror, jpeg q75', apply: async (f) => jpeg75(await mirror(f)) },
  { name: 'mirror, jpeg q85', apply: async (f) => sharp(await mirror(f)).jpeg({ quality: 85 }).toBuffer() },
  // Flipped and reshaped too: the flip is then decided on the candidates' sync peaks, with no shortcut.
  { name: 'mirror + rotate 4° + crop', apply: async (f) => cropTo(await rotateBy(await mirror(f), 4), 0.8, 0.8, 0.5, 0.5) },
  { name: 'mirror + rotate 4° + crop, jpeg q75', apply: async (f) => jpeg75(await cropTo(await rotateBy(await mirror(f), 4), 0.8, 0.8, 0.5, 0.5)) },
  { name: 'mirror + scale 80%, jpeg q75', apply: async (f) => jpeg75(await scaleBy(await mirror(f), 0.8)) },
  ...RESHAPES.map(([side, factor]) => ({ name: `${side} ${Math.round(factor * 100)}%`, apply: (f: Buffer) => reshape(f, side, factor) })),
  ...RESHAPES.map(([side, factor]) => ({ name: `${side} ${Math.round(factor * 100)}%, jpeg q75`, apply: async (f: Buffer) => jpeg75(await reshape(f, side, factor)) })),
  { name: 'scale 75% (kept), with original', withOriginal: true, apply: (f) => scaleBy(f, 0.75) },
  { name: 'jpeg q50, with original', withOriginal: true, apply: (f) => sharp(f).jpeg({ quality: 50 }).toBuffer() },
];
