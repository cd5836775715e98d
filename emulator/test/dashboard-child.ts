/**
 * The dashboard server alone in a child process, stopped by a signal the way `npm start` is (server/shutdown.ts):
 * dashboard-deploy.test.ts sends it SIGTERM with a request in flight. API_BASE_URL and DIST_DIR from the environment.
 * Started as `npm start` starts one in front of a real service: scripts/stack's startStack.
 */
import { startStack } from '../../scripts/stack/stack';
import { stopOnSignals } from '../../server/shutdown';

const dashboard = await startStack({
  distDir: process.env.DIST_DIR!,
  service: { apiBaseUrl: process.env.API_BASE_URL! },
  port: 0,
  accessLog: (line) => console.log(line),
});
console.log(`Dashboard listening on ${dashboard.dashboardUrl}`);
stopOnSignals(() => dashboard.stop());
