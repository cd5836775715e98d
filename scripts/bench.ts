/**
 * npm run bench: every benchmark in turn, each run even when an earlier one failed;
 * each also runs alone (npm run bench:<name>) and writes bench/results/<name>.json.
 */
import { spawnSync } from 'node:child_process';

const benches = ['bench:bundle', 'bench:upload', 'bench:batch', 'bench:api', 'bench:api-scale', 'bench:lighthouse', 'bench:watermark', 'bench:processing', 'bench:relay', 'bench:history'];
const failed: string[] = [];
for (const name of benches) {
  console.log(`\n▶ ${name}`);
  if (spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' }).status !== 0) failed.push(name);
}
console.log(failed.length ? `\nbench: failed ${failed.join(', ')}` : `\nbench: all ${benches.length} benchmarks ran`);
process.exit(failed.length ? 1 : 0);
