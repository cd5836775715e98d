import type { Hono } from 'hono';
import { statsQuery, type StatsResponse } from '../../src/api/schemas/stats';
import type { AppEnv, EmulatorContext } from '../context';
import { recentStats, todayUtc } from '../domain/stats';
import { route } from '../http/routing';
import { readQuery } from '../http/validate';

/** /api/v2/orders/stats/recent: static relative to /api/v2/orders/:orderId, so register it before the order routes. */
export function registerStatsRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  route(app, '/api/v2/orders/stats/recent', {
    GET: (c) => {
      const { date } = readQuery(c, statsQuery);
      const data: StatsResponse = recentStats(ctx.db, c.get('account').id, date ?? todayUtc());
      return c.json({ data });
    },
  });
}
