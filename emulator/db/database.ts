import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'emulator.sqlite'));
  // WAL keeps readers fast while the job queue writes; FULL sync so an acknowledged order survives a crash.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  cacheStatements(db);
  migrate(db);
  return db;
}

/**
 * Repositories call db.prepare on every request; compiling the SQL each time was the emulator's
 * largest single cost under load (bench:api CPU profile). Same SQL text, same compiled statement.
 * Bounded, in case some SQL is ever built with values inlined.
 */
function cacheStatements(db: Db, max = 500): void {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= max) statements.clear();
      statement = compile(sql);
      statements.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
}

/** `steps` is the shipped list; the upgrade tests pass a prefix of it to build an older database. */
export function migrate(db: Db, steps = migrations): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set((db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map((r) => r.name));
  for (const step of steps) {
    if (applied.has(step.name)) continue;
    db.transaction(() => {
      db.exec(step.sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(step.name, new Date().toISOString());
    })();
  }
}

export function getSetting(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setSetting(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
