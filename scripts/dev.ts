/** npm run dev: the emulator and Vite's dev server with hot reload, /api proxied to the emulator. */
import { createServer } from 'vite';
import { DEMO_ACCOUNT } from '../emulator/seed';
import { startStackEmulator } from './stack/stack';

const emulator = await startStackEmulator({ env: process.env });
process.env.EMULATOR_URL = emulator.url;
const vite = await createServer();
await vite.listen();
vite.printUrls();
console.log(`Emulator on ${emulator.url}; demo account ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);

const stop = async () => {
  await vite.close();
  await emulator.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
