/**
 * Named migrations, applied once each in list order inside a transaction and
 * recorded in schema_migrations. Never edit a shipped migration; append a new
 * one. Areas (orders, webhooks, ...) append their own entries.
 */
export const migrations: { name: string; sql: string }[] = [
  {
    name: '001-accounts',
    sql: `
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        api_key TEXT NOT NULL UNIQUE,
        migration_key TEXT NOT NULL,
        plan_type TEXT NOT NULL,
        plan_start TEXT NOT NULL,
        plan_end TEXT,
        usage_limit INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      -- Files processed per account and UTC day: the source of stats and of contract.currentUsage.
      CREATE TABLE usage_daily (
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        day TEXT NOT NULL,
        count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, day)
      );
    `,
  },
];
