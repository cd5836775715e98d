import type { UpdateWebhookRequest, Webhook, WebhookSummary } from '../../src/api/schemas/webhooks';
import type { Db } from '../db/database';
import { randomToken } from '../shared/random';

interface WebhookRow {
  id: number;
  account_id: number;
  name: string;
  url: string;
  secret: string;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface StoredWebhook extends Webhook {
  accountId: number;
}

function toWebhook(row: WebhookRow): StoredWebhook {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    url: row.url,
    secret: row.secret,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function newWebhookSecret(): string {
  return `whsec_${randomToken(32)}`;
}

export function createWebhook(db: Db, accountId: number, name: string, url: string, now = new Date()): StoredWebhook {
  const at = now.toISOString();
  const result = db
    .prepare('INSERT INTO webhooks (account_id, name, url, secret, is_active, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)')
    .run(accountId, name, url, newWebhookSecret(), at, at);
  return findWebhook(db, accountId, Number(result.lastInsertRowid))!;
}

/** Scoped to the account: another account's webhook is indistinguishable from a missing one. */
export function findWebhook(db: Db, accountId: number, id: number): StoredWebhook | undefined {
  const row = db.prepare('SELECT * FROM webhooks WHERE id = ? AND account_id = ?').get(id, accountId) as WebhookRow | undefined;
  return row && toWebhook(row);
}

export function findWebhookById(db: Db, id: number): StoredWebhook | undefined {
  const row = db.prepare('SELECT * FROM webhooks WHERE id = ?').get(id) as WebhookRow | undefined;
  return row && toWebhook(row);
}

export function activeWebhooksOf(db: Db, accountId: number): StoredWebhook[] {
  const rows = db.prepare('SELECT * FROM webhooks WHERE account_id = ? AND is_active = 1 ORDER BY id').all(accountId) as WebhookRow[];
  return rows.map(toWebhook);
}

export function allWebhooks(db: Db): StoredWebhook[] {
  return (db.prepare('SELECT * FROM webhooks ORDER BY id').all() as WebhookRow[]).map(toWebhook);
}

/** LIKE with the user's % and _ taken literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function listWebhooks(
  db: Db,
  accountId: number,
  query: { page: number; limit: number; keyword?: string },
): { webhooks: WebhookSummary[]; total: number } {
  const keyword = query.keyword?.trim();
  const where = keyword ? "account_id = ? AND (name LIKE ? ESCAPE '\\' OR url LIKE ? ESCAPE '\\')" : 'account_id = ?';
  const params: unknown[] = keyword ? [accountId, likePattern(keyword), likePattern(keyword)] : [accountId];
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM webhooks WHERE ${where}`).get(...params) as { total: number };
  const rows = db
    .prepare(
      `SELECT w.*, (SELECT MAX(e.last_sent_at) FROM webhook_events e WHERE e.webhook_id = w.id) AS last_sent_at
       FROM webhooks w WHERE ${where} ORDER BY w.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, query.limit, (query.page - 1) * query.limit) as Array<WebhookRow & { last_sent_at: string | null }>;
  return {
    total,
    webhooks: rows.map((row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      isActive: row.is_active === 1,
      lastSentAt: row.last_sent_at,
      createdAt: row.created_at,
    })),
  };
}

export function updateWebhook(db: Db, webhook: StoredWebhook, changes: UpdateWebhookRequest, now = new Date()): StoredWebhook {
  db.prepare('UPDATE webhooks SET name = ?, url = ?, is_active = ?, updated_at = ? WHERE id = ?').run(
    changes.name ?? webhook.name,
    changes.url ?? webhook.url,
    (changes.isActive ?? webhook.isActive) ? 1 : 0,
    now.toISOString(),
    webhook.id,
  );
  return findWebhook(db, webhook.accountId, webhook.id)!;
}

/** Its events and their attempts go with it (ON DELETE CASCADE). */
export function deleteWebhook(db: Db, webhook: StoredWebhook): void {
  db.prepare('DELETE FROM webhooks WHERE id = ?').run(webhook.id);
}
