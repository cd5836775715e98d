/**
 * Ports of the two stacks the end-to-end run starts (see serve-e2e.ts).
 * E2E_PORT_OFFSET moves both, so several runs can share one machine.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const MAIN_STACK = { dashboardPort: 5180 + offset, emulatorPort: 8790 + offset };
/** Same app, but tokens live a few seconds: for the expired-session journey. */
export const SHORT_TTL_STACK = { dashboardPort: 5182 + offset, emulatorPort: 8792 + offset, tokenTtlSeconds: 6 };
/** Same app, but presigned upload URLs live a few seconds: for the URL-renewal journey (upload-url-expiry.spec.ts). */
export const SHORT_URL_STACK = { dashboardPort: 5184 + offset, emulatorPort: 8794 + offset, uploadUrlTtlSeconds: 15 };

export const mainUrl = `http://127.0.0.1:${MAIN_STACK.dashboardPort}`;
export const shortTtlUrl = `http://127.0.0.1:${SHORT_TTL_STACK.dashboardPort}`;
export const mainEmulatorUrl = `http://127.0.0.1:${MAIN_STACK.emulatorPort}`;
export const shortTtlEmulatorUrl = `http://127.0.0.1:${SHORT_TTL_STACK.emulatorPort}`;
export const shortUrlUrl = `http://127.0.0.1:${SHORT_URL_STACK.dashboardPort}`;
export const shortUrlEmulatorUrl = `http://127.0.0.1:${SHORT_URL_STACK.emulatorPort}`;
/** Each offset builds into its own folder, so parallel runs never overwrite each other's build. */
export const distDir = offset ? `.tmp/dist-e2e-${offset}` : 'dist';
