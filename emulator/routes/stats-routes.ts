import { Hono } from 'hono';
import { statsQuery, type StatsResponse } from '../../src/api/schemas/stats';
import type { AppEnv, EmulatorContext } from '../context';
import { recentStats, todayUtc } from '../domain/stats';
import { methodNotAllowed } from '../http/method-not-allowed';
import { query } from '../http/validate';

/** /orders/stats: static beside /orders/:orderId, so the API mounts it before the order routes. */
export function statsRoutes(ctx: EmulatorContext) {
  return new Hono<AppEnv>()
    .get('/recent', query(statsQuery), (c) => {
      const { date } = c.req.valid('query');
      const data: StatsResponse = recentStats(ctx.db, c.get('account').id, date ?? todayUtc());
      return c.json({ data });
    })
    .all(methodNotAllowed('GET'));
}
