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
  {
    name: '020-webhooks',
    sql: `
      CREATE TABLE webhooks (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        url TEXT NOT NULL,
        secret TEXT NOT NULL,
        is_active INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX webhooks_by_account ON webhooks (account_id, id);
      -- One row per (order finished, active webhook). body is the exact signed string, sent unchanged on every attempt.
      CREATE TABLE webhook_events (
        id INTEGER PRIMARY KEY,
        webhook_id INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        event_id TEXT NOT NULL UNIQUE,
        event_type TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL,
        retries INTEGER NOT NULL DEFAULT 0,
        -- Epoch ms of the next automatic attempt; NULL once SENT or FAILED. Survives restarts.
        next_attempt_at INTEGER,
        last_sent_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX webhook_events_by_webhook ON webhook_events (webhook_id, id);
      CREATE INDEX webhook_events_due ON webhook_events (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
    `,
  },
  {
    name: '021-webhook-attempts',
    sql: `
      CREATE TABLE webhook_attempts (
        id INTEGER PRIMARY KEY,
        event_id INTEGER NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
        attempt INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        duration_ms INTEGER NOT NULL,
        status_code INTEGER,
        error TEXT,
        response_excerpt TEXT
      );
      CREATE INDEX webhook_attempts_by_event ON webhook_attempts (event_id, attempt);
    `,
  },
  {
    name: '022-webhook-receivers',
    sql: `
      CREATE TABLE webhook_receivers (
        name TEXT PRIMARY KEY,
        status INTEGER NOT NULL DEFAULT 200,
        delay_ms INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE webhook_receiver_requests (
        id INTEGER PRIMARY KEY,
        receiver TEXT NOT NULL,
        -- The account whose webhook signed this request validly; NULL for anything else.
        account_id INTEGER,
        received_at TEXT NOT NULL,
        headers TEXT NOT NULL,
        body TEXT NOT NULL,
        signature_valid INTEGER
      );
      CREATE INDEX webhook_receiver_requests_by_receiver ON webhook_receiver_requests (receiver, id);
    `,
  },
  {
    name: '010-orders',
    sql: `
      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        type TEXT NOT NULL,
        channel TEXT NOT NULL,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        strength TEXT,
        zero_copy INTEGER NOT NULL DEFAULT 0,
        errors TEXT,
        error_code TEXT,
        watermark_text TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        confirmed_at TEXT,
        completed_at TEXT,
        failed_at TEXT
      );
      CREATE INDEX orders_by_account ON orders (account_id, created_at DESC);
      -- One row per input file; role 'original' is the extract order's optional original image.
      CREATE TABLE order_files (
        id INTEGER PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id),
        position INTEGER NOT NULL,
        role TEXT NOT NULL DEFAULT 'input',
        file_name TEXT NOT NULL,
        file_key TEXT NOT NULL UNIQUE,
        source_url TEXT,
        stored_path TEXT,
        uploaded_at TEXT,
        size INTEGER,
        watermarks TEXT,
        payload INTEGER,
        output_url TEXT,
        output_key TEXT,
        result_path TEXT,
        processed_at TEXT,
        UNIQUE (order_id, role, position)
      );
      -- Embed payloads: the number hidden in the image points back to the order, file and texts.
      CREATE TABLE watermark_payloads (
        payload INTEGER PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id),
        file_id INTEGER NOT NULL,
        texts TEXT NOT NULL
      );
      -- Stored first answers of creation/confirm requests, per account, endpoint and key.
      CREATE TABLE idempotency_keys (
        account_id INTEGER NOT NULL,
        endpoint TEXT NOT NULL,
        key TEXT NOT NULL,
        status INTEGER NOT NULL,
        response TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (account_id, endpoint, key)
      );
      -- One processing job per order. state: queued | running | done. claimed_by names the emulator run holding it.
      CREATE TABLE jobs (
        id INTEGER PRIMARY KEY,
        order_id TEXT NOT NULL UNIQUE REFERENCES orders(id),
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        claimed_by TEXT,
        claimed_at TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL,
        finished_at TEXT
      );
      CREATE INDEX jobs_by_state ON jobs (state, id);
    `,
  },
  // Issue 16 (API at scale): appended after every other area's migrations; each upgrades an existing data folder.
  {
    name: '030-orders-at-scale',
    sql: `
      -- Ascending, scanned backwards: gives created_at DESC, rowid DESC (the list's order) with no sort step.
      CREATE INDEX orders_by_account_created ON orders (account_id, created_at);
      DROP INDEX orders_by_account;
      CREATE INDEX orders_by_account_status ON orders (account_id, status, created_at);
      CREATE INDEX orders_by_account_type ON orders (account_id, type, created_at);
      -- Only the orders that can still expire: the expiry check is a seek, not a scan.
      CREATE INDEX orders_expirable ON orders (created_at) WHERE status != 'expired';

      -- List totals without COUNT(*): kept by triggers in the transaction that writes the order.
      CREATE TABLE order_counts (
        account_id INTEGER NOT NULL,
        status TEXT NOT NULL,
        type TEXT NOT NULL,
        channel TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (account_id, status, type, channel)
      ) WITHOUT ROWID;
      INSERT INTO order_counts (account_id, status, type, channel, n)
        SELECT account_id, status, type, channel, COUNT(*) FROM orders GROUP BY account_id, status, type, channel;
      CREATE TRIGGER order_counts_insert AFTER INSERT ON orders BEGIN
        INSERT INTO order_counts (account_id, status, type, channel, n) VALUES (NEW.account_id, NEW.status, NEW.type, NEW.channel, 1)
          ON CONFLICT (account_id, status, type, channel) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER order_counts_update AFTER UPDATE OF account_id, status, type, channel ON orders
        WHEN OLD.account_id IS NOT NEW.account_id OR OLD.status IS NOT NEW.status OR OLD.type IS NOT NEW.type OR OLD.channel IS NOT NEW.channel
      BEGIN
        UPDATE order_counts SET n = n - 1
          WHERE account_id = OLD.account_id AND status = OLD.status AND type = OLD.type AND channel = OLD.channel;
        INSERT INTO order_counts (account_id, status, type, channel, n) VALUES (NEW.account_id, NEW.status, NEW.type, NEW.channel, 1)
          ON CONFLICT (account_id, status, type, channel) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER order_counts_delete AFTER DELETE ON orders BEGIN
        UPDATE order_counts SET n = n - 1
          WHERE account_id = OLD.account_id AND status = OLD.status AND type = OLD.type AND channel = OLD.channel;
      END;

      -- Keyword search (substring of the name or the id, 3+ characters): trigram index, rowid = the order's rowid.
      CREATE VIRTUAL TABLE orders_fts USING fts5(id, name, tokenize = 'trigram');
      INSERT INTO orders_fts (rowid, id, name) SELECT rowid, id, name FROM orders;
      CREATE TRIGGER orders_fts_insert AFTER INSERT ON orders BEGIN
        INSERT INTO orders_fts (rowid, id, name) VALUES (NEW.rowid, NEW.id, NEW.name);
      END;
      CREATE TRIGGER orders_fts_update AFTER UPDATE OF id, name ON orders BEGIN
        DELETE FROM orders_fts WHERE rowid = OLD.rowid;
        INSERT INTO orders_fts (rowid, id, name) VALUES (NEW.rowid, NEW.id, NEW.name);
      END;
      CREATE TRIGGER orders_fts_delete AFTER DELETE ON orders BEGIN
        DELETE FROM orders_fts WHERE rowid = OLD.rowid;
      END;
    `,
  },
  {
    name: '031-webhooks-at-scale',
    sql: `
      -- The list's lastSentAt is MAX(last_sent_at) per webhook: one seek at the end of this index.
      CREATE INDEX webhook_events_last_sent ON webhook_events (webhook_id, last_sent_at);

      -- Event totals without COUNT(*), kept by triggers in the inserting transaction.
      CREATE TABLE webhook_event_counts (
        webhook_id INTEGER PRIMARY KEY REFERENCES webhooks(id) ON DELETE CASCADE,
        n INTEGER NOT NULL
      );
      INSERT INTO webhook_event_counts (webhook_id, n) SELECT webhook_id, COUNT(*) FROM webhook_events GROUP BY webhook_id;
      CREATE TRIGGER webhook_event_counts_insert AFTER INSERT ON webhook_events BEGIN
        INSERT INTO webhook_event_counts (webhook_id, n) VALUES (NEW.webhook_id, 1)
          ON CONFLICT (webhook_id) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER webhook_event_counts_delete AFTER DELETE ON webhook_events BEGIN
        UPDATE webhook_event_counts SET n = n - 1 WHERE webhook_id = OLD.webhook_id;
      END;

      -- A webhook's recent attempts without joining every attempt to its event.
      ALTER TABLE webhook_attempts ADD COLUMN webhook_id INTEGER;
      UPDATE webhook_attempts SET webhook_id = (SELECT e.webhook_id FROM webhook_events e WHERE e.id = webhook_attempts.event_id);
      CREATE INDEX webhook_attempts_by_webhook ON webhook_attempts (webhook_id, id);
    `,
  },
  {
    // Issue 15: who configured a test receiver first, so an account's receivers can be bounded.
    name: '090-receiver-owner',
    sql: `ALTER TABLE webhook_receivers ADD COLUMN account_id INTEGER;`,
  },
  {
    // Issue 14: an attempt's error kind is recorded as a value when the attempt happens (webhooks/attempt.ts).
    name: '091-attempt-error-kind',
    sql: `
      ALTER TABLE webhook_attempts ADD COLUMN error_kind TEXT;
      -- Rows recorded before: the kind read back from the words, once. The words are those the emulator wrote
      -- until now, spelled out here because a shipped migration must keep meaning what it meant.
      UPDATE webhook_attempts SET error_kind = CASE
          WHEN substr(error, 1, 21) = 'redirect not followed' THEN 'redirect'
          WHEN error = 'timeout' THEN 'timeout'
          WHEN error = 'connection refused' THEN 'connection-refused'
          WHEN error = 'DNS lookup failed' THEN 'dns'
          WHEN error = 'TLS error' THEN 'tls'
          WHEN error = 'connection reset' THEN 'connection-reset'
          ELSE 'other'
        END
        WHERE error IS NOT NULL;
    `,
  },
  {
    // Issue 16: lists that cost the same at any size.
    name: '092-list-positions',
    sql: `
      -- An event's place among its webhook's events (1 = the first), so any page of the events list is one seek
      -- on (webhook_id, seq) instead of an OFFSET that skips every newer event. Events are never deleted one by
      -- one (only with their webhook), so the numbers stay contiguous.
      ALTER TABLE webhook_events ADD COLUMN seq INTEGER;
      UPDATE webhook_events SET seq = numbered.seq
        FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY webhook_id ORDER BY id) AS seq FROM webhook_events) AS numbered
        WHERE numbered.id = webhook_events.id;
      CREATE UNIQUE INDEX webhook_events_by_seq ON webhook_events (webhook_id, seq);
      CREATE TRIGGER webhook_events_seq AFTER INSERT ON webhook_events WHEN NEW.seq IS NULL BEGIN
        UPDATE webhook_events SET seq = (SELECT COALESCE(MAX(seq), 0) + 1 FROM webhook_events WHERE webhook_id = NEW.webhook_id)
          WHERE id = NEW.id;
      END;

      -- A number that changes whenever one of an account's orders is added, removed, renamed or changes status
      -- (or kind, channel, time): a kept keyword search is still right while it has not moved.
      CREATE TABLE order_changes (account_id INTEGER PRIMARY KEY, v INTEGER NOT NULL);
      CREATE TRIGGER order_changes_insert AFTER INSERT ON orders BEGIN
        INSERT INTO order_changes (account_id, v) VALUES (NEW.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
      CREATE TRIGGER order_changes_update AFTER UPDATE OF id, account_id, name, status, type, channel, created_at ON orders BEGIN
        INSERT INTO order_changes (account_id, v) VALUES (NEW.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
        INSERT INTO order_changes (account_id, v) VALUES (OLD.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
      CREATE TRIGGER order_changes_delete AFTER DELETE ON orders BEGIN
        INSERT INTO order_changes (account_id, v) VALUES (OLD.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
    `,
  },
];
