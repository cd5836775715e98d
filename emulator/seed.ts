import type { Db } from './db/database';
import { addUsage, createAccount, findAccountByEmail } from './domain/accounts';

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo1234' } as const;
export const SECOND_ACCOUNT = { email: 'second@example.com', password: 'second1234' } as const;

const DAY = 86_400_000;

/** A deterministic pseudo-random sequence, so every fresh emulator shows the same believable history. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** First start only: the demo account (pro, with several weeks of varied use) and a second, free account. */
export function seedDemoData(db: Db, now = new Date()): void {
  if (findAccountByEmail(db, DEMO_ACCOUNT.email)) return;
  db.transaction(() => {
    const planStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 45 * DAY);
    const demo = createAccount(db, {
      ...DEMO_ACCOUNT,
      planType: 'pro',
      planStart,
      planEnd: new Date(planStart.getTime() + 365 * DAY),
      usageLimit: 5000,
    });
    const random = seededRandom(42);
    for (let daysAgo = 44; daysAgo >= 1; daysAgo--) {
      const date = new Date(now.getTime() - daysAgo * DAY);
      const weekday = date.getUTCDay();
      const base = weekday === 0 || weekday === 6 ? 8 : 35;
      const count = Math.round(base + random() * base * 1.4 + (random() < 0.08 ? 120 : 0));
      addUsage(db, demo.id, date.toISOString().slice(0, 10), count);
    }
    // Some use already today, so the 7-day chart ends on a bar rather than a gap (drawn after the loop: earlier days stay as they were).
    addUsage(db, demo.id, now.toISOString().slice(0, 10), 12);
    createAccount(db, {
      ...SECOND_ACCOUNT,
      planType: 'free',
      planStart: new Date(now.getTime() - 10 * DAY),
      planEnd: null,
      usageLimit: 100,
    });
  })();
}
