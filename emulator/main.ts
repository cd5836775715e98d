import { configFromEnv } from './config';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from './seed';
import { startEmulator } from './server';

const config = configFromEnv();
const emulator = await startEmulator(config);
console.log(`Emulator listening on ${emulator.url} (data in ${config.dataDir})`);
if (emulator.context.storageUrl) console.log(`Storage (S3-like, CORS ${JSON.stringify(config.storageCors)}) on ${emulator.context.storageUrl}`);
if (config.seed !== 'none') {
  console.log(`Demo accounts: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}, ${SECOND_ACCOUNT.email} / ${SECOND_ACCOUNT.password}`);
}

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
