/** npm run bench: every benchmark in turn; each also runs alone (npm run bench:<name>). */
import { spawnSync } from 'node:child_process';

const benches = ['bench:watermark', 'bench:processing'];
let failed = 0;
for (const name of benches) {
  console.log(`\n▶ ${name}`);
  if (spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' }).status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
