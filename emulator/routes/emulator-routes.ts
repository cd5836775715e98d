import type { Hono } from 'hono';
import type { EmulatorInfo } from '../../src/api/schemas/emulator';
import type { AppEnv, EmulatorContext } from '../context';
import { route } from '../http/routing';

export const EMULATOR_VERSION = '0.1.0';

/** The emulator's own namespace: tells the dashboard it talks to the emulator. No auth: it holds no account data. */
export function registerEmulatorRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  route(app, '/_emulator/info', {
    GET: (c) => {
      const info: EmulatorInfo = {
        emulator: true,
        version: EMULATOR_VERSION,
        uploadUrlTtlSeconds: ctx.config.uploadUrlTtlSeconds,
        tokenTtlSeconds: ctx.config.tokenTtlSeconds,
      };
      return c.json({ data: info });
    },
  });
}
