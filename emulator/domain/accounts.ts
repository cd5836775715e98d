import type { Db } from '../db/database';
import { randomToken } from '../shared/random';
import { hashPassword } from './passwords';

export interface Account {
  id: number;
  email: string;
  passwordHash: string;
  apiKey: string;
  migrationKey: string;
  planType: string;
  planStart: string;
  planEnd: string | null;
  usageLimit: number;
}

interface AccountRow {
  id: number;
  email: string;
  password_hash: string;
  api_key: string;
  migration_key: string;
  plan_type: string;
  plan_start: string;
  plan_end: string | null;
  usage_limit: number;
}

const fromRow = (row: AccountRow): Account => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  apiKey: row.api_key,
  migrationKey: row.migration_key,
  planType: row.plan_type,
  planStart: row.plan_start,
  planEnd: row.plan_end,
  usageLimit: row.usage_limit,
});

export function findAccountByEmail(db: Db, email: string): Account | undefined {
  const row = db.prepare('SELECT * FROM accounts WHERE email = ?').get(email) as AccountRow | undefined;
  return row && fromRow(row);
}

export function findAccountById(db: Db, id: number): Account | undefined {
  const row = db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
  return row && fromRow(row);
}

export function findAccountByApiKey(db: Db, apiKey: string): Account | undefined {
  const row = db.prepare('SELECT * FROM accounts WHERE api_key = ?').get(apiKey) as AccountRow | undefined;
  return row && fromRow(row);
}

export function createAccount(
  db: Db,
  input: { email: string; password: string; planType: string; planStart: Date; planEnd: Date | null; usageLimit: number },
): Account {
  const info = db
    .prepare(
      `INSERT INTO accounts (email, password_hash, api_key, migration_key, plan_type, plan_start, plan_end, usage_limit, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      input.email,
      hashPassword(input.password),
      `sk_${randomToken(40)}`,
      `mk_${randomToken(32)}`,
      input.planType,
      input.planStart.toISOString(),
      input.planEnd ? input.planEnd.toISOString() : null,
      input.usageLimit,
      new Date().toISOString(),
    );
  return findAccountById(db, Number(info.lastInsertRowid))!;
}

/** Files processed since the plan started: contract.currentUsage follows processed files. */
export function currentUsage(db: Db, account: Account): number {
  const row = db
    .prepare('SELECT COALESCE(SUM(count), 0) AS total FROM usage_daily WHERE account_id = ? AND day >= ?')
    .get(account.id, account.planStart.slice(0, 10)) as { total: number };
  return row.total;
}

export function addUsage(db: Db, accountId: number, day: string, count: number): void {
  db.prepare(
    `INSERT INTO usage_daily (account_id, day, count) VALUES (?, ?, ?)
     ON CONFLICT(account_id, day) DO UPDATE SET count = count + excluded.count`,
  ).run(accountId, day, count);
}

export function contractOf(db: Db, account: Account) {
  return {
    planType: account.planType,
    planStartDate: account.planStart,
    planEndDate: account.planEnd,
    currentUsage: currentUsage(db, account),
    usageLimit: account.usageLimit,
  };
}
