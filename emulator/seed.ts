import type { EmulatorContext } from './context';
import { createAccount, findAccountByEmail } from './domain/accounts';
import { planDemoHistory } from './demo-history/demo-history';
import { DAY_MS as DAY } from '../src/lib/time';

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo1234' } as const;
export const SECOND_ACCOUNT = { email: 'second@example.com', password: 'second1234' } as const;


/**
 * First start only: the demo account (pro) and a second, free account that
 * stays empty. With `history`, the demo account also gets weeks of orders and
 * webhook deliveries made by the emulator's own processing
 * (demo-history/); its usage statistics are those orders' files, nothing else.
 */
export function seedDemoData(ctx: EmulatorContext, options: { history: boolean }, now = new Date()): void {
  const { db } = ctx;
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
    createAccount(db, {
      ...SECOND_ACCOUNT,
      planType: 'free',
      planStart: new Date(now.getTime() - 10 * DAY),
      planEnd: null,
      usageLimit: 100,
    });
    if (options.history) planDemoHistory(ctx, demo, now.getTime());
  })();
}
