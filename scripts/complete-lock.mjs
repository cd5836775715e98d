#!/usr/bin/env node
/**
 * The npm registry reachable here serves only this platform's native
 * packages, so `npm install` cannot write lock entries for the other
 * platforms' optional binaries (@tailwindcss/oxide-win32-x64-msvc, ...), and
 * `npm ci` then refuses the lock as out of sync. This adds those entries,
 * marked optional with their os and cpu, so npm skips them as incompatible.
 * Run after changing dependencies: node scripts/complete-lock.mjs
 */
import fs from 'node:fs';

const OSES = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el'];

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  const dev = entry.dev === true;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === '' ? '' : `${key}/`;
    const nested = `${base}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const tokens = name.split('/').pop().split('-');
    const os = OSES.find((o) => tokens.includes(o));
    const cpu = CPUS.find((c) => tokens.includes(c));
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    lock.packages[hoisted] = {
      version: String(version).replace(/^[\^~]/, ''),
      optional: true,
      ...(dev ? { dev: true } : {}),
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lock: added ${added} optional platform entries`);
