/** npm run dev: the emulator and Vite's dev server with hot reload, /api proxied to the emulator. */
import { createServer } from 'vite';
import { configFromEnv } from '../emulator/config';
import { DEMO_ACCOUNT } from '../emulator/seed';
import { startEmulator } from '../emulator/server';

const emulator = await startEmulator(configFromEnv());
process.env.EMULATOR_URL = emulator.url;
const vite = await createServer();
await vite.listen();
vite.printUrls();
console.log(`Emulator on ${emulator.url}; demo account ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);

const stop = async () => {
  await vite.close();
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
