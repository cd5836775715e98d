import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../shared/random';
import { assertDiskHasRoom } from './storage-errors';

/**
 * Bytes live under <dataDir>/files. Paths stored in the database are relative
 * to that folder. Every write goes to a temp file first and is renamed into
 * place, so a crash never leaves half a file under a name the database knows.
 */
export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export function absolutePath(dataDir: string, relative: string): string {
  return path.join(filesRoot(dataDir), relative);
}

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`larger than ${limit} bytes`);
  }
}

/**
 * Removes temp files a previous run left behind (a crash or a full disk mid-write): nothing refers to them, since a
 * file is renamed into place before the database learns its name. Run at start, before anything writes.
 */
export function sweepTempFiles(dataDir: string): number {
  const dir = path.join(filesRoot(dataDir), 'tmp');
  let removed = 0;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!name.endsWith('.part')) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

function tempPath(dataDir: string): string {
  const dir = path.join(filesRoot(dataDir), 'tmp');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${Date.now()}-${randomToken(12)}.part`);
}

function moveIntoPlace(dataDir: string, temp: string, relative: string): void {
  const target = absolutePath(dataDir, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.renameSync(temp, target);
}

/** Streams a body to disk, stopping at maxBytes. Returns the size written; `onChunk` sees every chunk (a hash). */
export async function writeStream(
  dataDir: string,
  relative: string,
  body: ReadableStream<Uint8Array> | NodeJS.ReadableStream,
  maxBytes: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<number> {
  const temp = tempPath(dataDir);
  let size = 0;
  assertDiskHasRoom();
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new TooLargeError(maxBytes));
      onChunk?.(chunk);
      // A disk can fill up halfway through a file, not only before it starts.
      try {
        assertDiskHasRoom();
      } catch (error) {
        return callback(error as Error);
      }
      callback(null, chunk);
    },
  });
  const source = body instanceof Readable || !('getReader' in body) ? (body as NodeJS.ReadableStream) : Readable.fromWeb(body as never);
  try {
    await pipeline(source, limiter, fs.createWriteStream(temp));
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  moveIntoPlace(dataDir, temp, relative);
  return size;
}

export function writeBuffer(dataDir: string, relative: string, bytes: Uint8Array): void {
  const temp = tempPath(dataDir);
  assertDiskHasRoom();
  fs.writeFileSync(temp, bytes);
  moveIntoPlace(dataDir, temp, relative);
}

export function readStored(dataDir: string, relative: string): Buffer {
  return fs.readFileSync(absolutePath(dataDir, relative));
}

export function removeStored(dataDir: string, relative: string): void {
  fs.rmSync(absolutePath(dataDir, relative), { force: true });
}
