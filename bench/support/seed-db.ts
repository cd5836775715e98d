/**
 * Where the benchmarks that seed a data folder before the emulator starts (seed-history.ts, seed-scale.ts) open it:
 * a fresh temporary folder removed with the run, its database opened through the emulator's own migrations, tuned
 * for one big transaction, and the context the emulator's domain functions (createAccount, insertOrder, …) take.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../../emulator/config';
import type { EmulatorContext } from '../../emulator/context';
import { openDatabase, type Db } from '../../emulator/db/database';
import { TokenService } from '../../emulator/domain/tokens';
import { enqueueOrder } from '../../emulator/jobs/job-queue';

/**
 * The folder's database for a bulk seed. One transaction: its commit is the only sync, so the durability setting
 * changes nothing but speed; `cacheKb` of page cache, so a large seed's pages are not spilled to disk mid-way.
 * Close `db` when done, before the emulator starts on the folder.
 */
export function openSeedDatabase(dataDir: string, cacheKb: number): { db: Db; ctx: EmulatorContext } {
  const db = openDatabase(dataDir);
  db.pragma('synchronous = OFF');
  db.pragma(`cache_size = -${cacheKb}`);
  const ctx: EmulatorContext = {
    db,
    config: configFromEnv({ EMULATOR_DATA_DIR: dataDir }),
    tokens: new TokenService(db, 7200),
    publicUrl: 'http://127.0.0.1',
    orderFinishedListeners: [],
    queueOrder: (orderId) => enqueueOrder(db, orderId),
    onClose: () => {},
  };
  return { db, ctx };
}

/**
 * A fresh temporary data folder (`imprint-bench-<name>-…`) seeded by `seed`; removed by the bench's stoppers
 * (runBench), or earlier by `remove`.
 */
export function seededDataDir<T>(name: string, seed: (dataDir: string) => T, stops: Array<() => unknown>): { dataDir: string; seeded: T; remove: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `imprint-bench-${name}-`));
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  stops.push(remove);
  return { dataDir, seeded: seed(dataDir), remove };
}
