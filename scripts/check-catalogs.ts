/**
 * Catalog completeness (docs/decisions/i18n.md), run by npm test without writing anything:
 * per catalog, the English catalog holds exactly the messages the source uses (else: run `npx lingui extract`),
 * and Korean and Japanese translate every one of them, with no id the source no longer uses; and a message used by
 * two catalogs reads the same in both: the app merges a locale's catalogs into one table by id, so two translations of
 * one id show whichever catalog arrived last (the orders list's "Export CSV" once read as the webhooks' wording).
 * Each failure names the message (its English words and where it is used).
 *
 *   npx tsx scripts/check-catalogs.ts     # exits 1 on any failure; writes .tmp/i18n-checks.json (one check per locale and catalog)
 */
import fs from 'node:fs';
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const TRANSLATED = ['ko', 'ja'];
const config = getConfig({ cwd: process.cwd() });
const checks: { name: string; ok: boolean; detail: string }[] = [];
/** locale → id → catalog → its translation, and the English words of each id. */
const translations = new Map<string, Map<string, Map<string, string>>>(TRANSLATED.map((locale) => [locale, new Map()]));
const english = new Map<string, string>();

for (const catalog of await getCatalogs(config)) {
  const part = path.basename(catalog.path);
  const used = (await catalog.collect()) ?? {};
  const describe = (id: string) => {
    const m = used[id];
    return m ? `${id} "${m.message ?? id}" (${[...new Set((m.origin ?? []).map(([file]) => file))].join(', ')})` : id;
  };
  const en = await catalog.read('en');
  const stale = [...Object.keys(used).filter((id) => !en?.[id]), ...Object.keys(en ?? {}).filter((id) => !used[id] && !en?.[id]?.obsolete)];
  checks.push({
    name: `i18n: en/${part} is extracted`,
    ok: stale.length === 0,
    detail: stale.length ? `${stale.length} message(s) differ from the source, run npx lingui extract --clean: ${stale.map(describe).join('; ')}` : '',
  });
  for (const locale of TRANSLATED) {
    const messages = (await catalog.read(locale)) ?? {};
    for (const id of Object.keys(used)) {
      const text = messages[id]?.translation?.trim();
      if (!text) continue;
      const byPart = translations.get(locale)!.get(id) ?? new Map<string, string>();
      translations.get(locale)!.set(id, byPart.set(part, text));
      english.set(id, used[id]?.message ?? id);
    }
    const missing = Object.keys(used).filter((id) => !messages[id]?.translation?.trim());
    const unused = Object.keys(messages).filter((id) => !used[id]);
    const problems = [
      ...(missing.length ? [`missing ${missing.length}: ${missing.map(describe).join('; ')}`] : []),
      ...(unused.length ? [`unused ${unused.length}: ${unused.map((id) => `${id} "${messages[id]?.message ?? ''}"`).join('; ')}`] : []),
    ];
    checks.push({ name: `i18n: ${locale}/${part} is complete`, ok: problems.length === 0, detail: problems.join(' | ') });
  }
}

for (const [locale, byId] of translations) {
  const conflicts = [...byId].filter(([, byPart]) => new Set(byPart.values()).size > 1);
  checks.push({
    name: `i18n: ${locale} says each message one way in every catalog`,
    ok: conflicts.length === 0,
    detail: conflicts
      .map(([id, byPart]) => `"${english.get(id)}": ${[...byPart].map(([part, text]) => `${part} "${text}"`).join(', ')} (one wording, or a context in the source if the meanings differ)`)
      .join('; '),
  });
}

for (const c of checks) console.log(`${c.ok ? '✔' : '✘'} ${c.name}${c.ok ? '' : `\n    ${c.detail}`}`);
fs.mkdirSync('.tmp', { recursive: true });
fs.writeFileSync(path.join('.tmp', 'i18n-checks.json'), JSON.stringify(checks, null, 2));
process.exit(checks.every((c) => c.ok) ? 0 : 1);
