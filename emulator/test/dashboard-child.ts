/**
 * The dashboard server alone in a child process, stopped by a signal the way `npm start` is (server/shutdown.ts):
 * dashboard-deploy.test.ts sends it SIGTERM with a request in flight. API_BASE_URL and DIST_DIR from the environment.
 */
import { startDashboardServer } from '../../server/dashboard-server';
import { stopOnSignals } from '../../server/shutdown';

const dashboard = await startDashboardServer({
  distDir: process.env.DIST_DIR!,
  apiTarget: process.env.API_BASE_URL!,
  proxyEmulatorNamespace: false,
  storageOrigins: [],
  host: '127.0.0.1',
  port: 0,
  accessLog: (line) => console.log(line),
});
console.log(`Dashboard listening on ${dashboard.url}`);
stopOnSignals(() => dashboard.close());
