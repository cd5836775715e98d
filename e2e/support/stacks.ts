import { execFileSync } from 'node:child_process';

/**
 * Ports of the three stacks the end-to-end run starts (see serve-e2e.ts): free ones, never fixed, so a developer
 * with something on a well-known port does not see the whole suite fail with EADDRINUSE.
 *
 * They are chosen once, by whichever process loads this first (Playwright's runner, through playwright.config.ts),
 * and kept in E2E_PORTS; the web server and the workers inherit it and read the same ports. Set E2E_PORTS yourself
 * (six ports, comma-separated) to keep a stack running between runs. E2E_PORT_OFFSET still picks the build and
 * results folders, so runs side by side never share those.
 */
const PORT_COUNT = 6;

/**
 * Below Linux's ephemeral range (32768+): the ports are bound only a minute later, after the build, and a port from
 * that range could meanwhile become the local end of some outgoing connection. Each is held open while the others
 * are picked, so the six differ; all are free at the moment of choosing.
 */
const PICK_PORTS = `
const net = require('node:net');
const held = [];
const tryPort = (port) => new Promise((resolve) => {
  const server = net.createServer();
  server.once('error', () => resolve(false));
  server.listen(port, '127.0.0.1', () => { held.push(server); resolve(true); });
});
(async () => {
  const ports = [];
  for (let tries = 0; ports.length < ${PORT_COUNT} && tries < 500; tries++) {
    const port = 20000 + Math.floor(Math.random() * 12700);
    if (await tryPort(port)) ports.push(port);
  }
  for (const server of held) server.close();
  if (ports.length < ${PORT_COUNT}) { console.error('no free ports found'); process.exit(1); }
  process.stdout.write(ports.join(','));
})();
`;

function e2ePorts(): number[] {
  const given = process.env.E2E_PORTS;
  if (given) {
    const ports = given.split(',').map(Number);
    if (ports.length !== PORT_COUNT || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
      throw new Error(`E2E_PORTS must be ${PORT_COUNT} ports separated by commas, not "${given}"`);
    }
    return ports;
  }
  // Synchronous (a child process), because Playwright reads its configuration synchronously from this module's values.
  const chosen = execFileSync(process.execPath, ['-e', PICK_PORTS], { encoding: 'utf8' }).trim();
  process.env.E2E_PORTS = chosen;
  return chosen.split(',').map(Number);
}

const [mainDashboard, mainEmulator, ttlDashboard, ttlEmulator, urlDashboard, urlEmulator] = e2ePorts() as [number, number, number, number, number, number];

export const MAIN_STACK = { dashboardPort: mainDashboard, emulatorPort: mainEmulator };
/** Same app, but tokens live a few seconds: for the expired-session journey. */
export const SHORT_TTL_STACK = { dashboardPort: ttlDashboard, emulatorPort: ttlEmulator, tokenTtlSeconds: 6 };
/** Same app, but presigned upload URLs live a few seconds: for the URL-renewal journey (upload-url-expiry.spec.ts). */
export const SHORT_URL_STACK = { dashboardPort: urlDashboard, emulatorPort: urlEmulator, uploadUrlTtlSeconds: 15 };

export const mainUrl = `http://127.0.0.1:${MAIN_STACK.dashboardPort}`;
export const shortTtlUrl = `http://127.0.0.1:${SHORT_TTL_STACK.dashboardPort}`;
export const mainEmulatorUrl = `http://127.0.0.1:${MAIN_STACK.emulatorPort}`;
export const shortTtlEmulatorUrl = `http://127.0.0.1:${SHORT_TTL_STACK.emulatorPort}`;
export const shortUrlUrl = `http://127.0.0.1:${SHORT_URL_STACK.dashboardPort}`;
export const shortUrlEmulatorUrl = `http://127.0.0.1:${SHORT_URL_STACK.emulatorPort}`;
/** Each offset builds into its own folder, so parallel runs never overwrite each other's build. */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const distDir = offset ? `.tmp/dist-e2e-${offset}` : 'dist';
