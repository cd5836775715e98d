/**
 * Bundle budget benchmark: for each route of src/app/router.tsx, the JavaScript a
 * browser must download before the route is usable (gzip and brotli), beside a bare
 * React + ReactDOM page built with the same Vite in the same run.
 *
 *   npx tsx bench/bundle.ts           # table + bench/results/bundle.json
 *   npx tsx bench/bundle.ts --check   # also exits 1 when a budget fails (npm test runs this)
 *
 * Budgets: a cold visit to /sign-in at most 1.5 × the bare page (gzip); no route over
 * 250 kB gzip (a page's code with the frame's and its own areas' words, heaviest locale); recharts in no route's first download (the charts draw an HTML placeholder first and fetch recharts
 * once the page has settled, docs/decisions/charts.md), reachable only from the routes that draw a chart (/ and /usage),
 * and its lazy chunk at most 110 kB gzip.
 * kB = 1000 bytes, as Vite prints them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import ts from 'typescript';
import { build, type Manifest, type Plugin } from 'vite';

const ROOT = process.cwd();
const WORK = path.join(ROOT, '.tmp', 'bench-bundle');
const ROUTER = 'src/app/router.tsx';
/** The signed-in pages' table, which the router spreads into its routes. */
const PAGES_FILE = 'src/app/pages.ts';
const ROUTES_DIR = 'src/app/routes/';
/** A route's screen rendered without the router on a cold visit (same relative path as its route module). */
const FIRST_LOAD_DIR = 'src/app/first-load/';
const SIGN_IN_RATIO = 1.5;
const ROUTE_LIMIT_GZIP = 250_000;
/** The chart chunk fetched after the first paint (recharts 3.10, its redux and d3 parts, the drawing): 103.9 kB on 26 Nov. */
const RECHARTS_LIMIT_GZIP = 110_000;
/** The routes that draw a chart: the overview's and the usage page's 7-day chart, the usage history. */
const CHART_ROUTES = ['/', '/usage'];
const isRecharts = (id: string) => id.includes('/node_modules/recharts/');

const check = process.argv.includes('--check');

interface Built {
  manifest: Manifest;
  /** Output file → the source module ids rendered into it. */
  modules: Map<string, string[]>;
  outDir: string;
}

/** Records which modules went into which chunk, so recharts is found by module id, not guessed from file names. */
function moduleMap(into: Map<string, string[]>): Plugin {
  return {
    name: 'bench-module-map',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') into.set(item.fileName, item.moduleIds.map((id) => id.replaceAll('\\', '/')));
      }
    },
  };
}

async function buildApp(): Promise<Built> {
  const outDir = path.join(WORK, 'app');
  const modules = new Map<string, string[]>();
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [moduleMap(modules)],
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return { manifest: readManifest(outDir), modules, outDir };
}

/** The smallest page React can draw: createRoot rendering one <div>. */
async function buildBare(): Promise<Built> {
  const src = path.join(WORK, 'bare-src');
  const outDir = path.join(WORK, 'bare');
  mkdirSync(src, { recursive: true });
  writeFileSync(
    path.join(src, 'index.html'),
    '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(
    path.join(src, 'main.js'),
    [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "createRoot(document.getElementById('root')).render(createElement('div', null, 'Hello'));",
      '',
    ].join('\n'),
  );
  const modules = new Map<string, string[]>();
  await build({
    root: src,
    configFile: false,
    logLevel: 'warn',
    plugins: [moduleMap(modules)],
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false, target: 'es2022' },
  });
  return { manifest: readManifest(outDir), modules, outDir };
}

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  return entries[0]![0];
}

/** A chunk and everything it imports statically: what loads with it, with no further decision. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** The manifest key of the chunk that holds a source module. */
function keyHolding(built: Built, sourceFile: string): string {
  const id = path.join(ROOT, sourceFile).replaceAll('\\', '/');
  for (const [key, chunk] of Object.entries(built.manifest)) {
    if (built.modules.get(chunk.file)?.includes(id)) return key;
  }
  throw new Error(`no chunk holds ${sourceFile}`);
}

/** The dynamic imports from the entry to the router's chunk, shortest first: each is awaited before a route can render. */
function pathToRouter(built: Built, entry: string, routerKey: string): string[] {
  const previous = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const key = queue.shift()!;
    if (closure(built.manifest, [key]).has(routerKey)) {
      const chain: string[] = [];
      for (let at: string | null = key; at; at = previous.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    for (const next of built.manifest[key]?.dynamicImports ?? []) {
      if (!previous.has(next)) {
        previous.set(next, key);
        queue.push(next);
      }
    }
  }
  throw new Error(`${ROUTER} cannot be reached from the entry`);
}

interface RouteDecl {
  path: string;
  /** src/app/routes/... */
  module: string;
  /** The areas' catalogs the page loads beside its code (pages.ts `words`); the frame's are counted for every route. */
  words?: string[];
}

/** A source file's syntax tree: the route tables are read, never run. */
function parse(file: string): ts.SourceFile {
  const full = path.join(ROOT, file);
  return ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** What `name` is set to in an object literal (`{ path: '…' }`). */
function propOf(source: ts.SourceFile, object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  return object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === name)?.initializer;
}

/** The project path of the module a literal `import('…')` inside `node` loads, with its extension, resolved from `file`. */
function importedModule(node: ts.Node, file: string): string | undefined {
  let specifier: string | undefined;
  node.forEachChild(function find(inner) {
    if (ts.isCallExpression(inner) && inner.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(inner.arguments[0]!)) specifier = inner.arguments[0].text;
    inner.forEachChild(find);
  });
  if (!specifier) return undefined;
  const module = path.posix.join(path.posix.dirname(file), specifier);
  return /\.[jt]sx?$/.test(module) ? module : `${module}.tsx`;
}

/** The lazy routes of the router, read from its syntax tree: path (joined with its parents) and module. */
function routesOfRouter(): RouteDecl[] {
  const source = parse(ROUTER);
  const found: RouteDecl[] = [];

  const visitRoute = (object: ts.ObjectLiteralExpression, parent: string) => {
    const pathNode = propOf(source, object, 'path');
    const segment = pathNode && ts.isStringLiteral(pathNode) ? pathNode.text : '';
    const full = segment.startsWith('/') ? segment : `${parent.replace(/\/$/, '')}/${segment}`;
    const lazy = propOf(source, object, 'lazy');
    if (lazy) {
      const module = importedModule(lazy, ROUTER);
      if (!module) throw new Error(`${ROUTER}: the route ${full} has a lazy() without a literal import('...')`);
      found.push({ path: full || '/', module });
    }
    const children = propOf(source, object, 'children');
    if (children && ts.isArrayLiteralExpression(children)) {
      for (const child of children.elements) if (ts.isObjectLiteralExpression(child)) visitRoute(child, full || parent);
    }
  };

  source.forEachChild(function find(node) {
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'createBrowserRouter') {
      const list = node.arguments[0];
      if (!list || !ts.isArrayLiteralExpression(list)) throw new Error(`${ROUTER}: createBrowserRouter without a literal route list`);
      for (const route of list.elements) if (ts.isObjectLiteralExpression(route)) visitRoute(route, '');
      return;
    }
    node.forEachChild(find);
  });
  if (!found.length) throw new Error(`${ROUTER}: found no lazy routes`);
  return [...found, ...pagesOfTable()];
}

/** The pages of src/app/pages.ts (the router spreads them into its routes): `{ path: '/…', load: () => import('…'), words: [...] }`. */
function pagesOfTable(): RouteDecl[] {
  const source = parse(PAGES_FILE);
  const found: RouteDecl[] = [];
  source.forEachChild(function find(node) {
    if (ts.isObjectLiteralExpression(node)) {
      const pathNode = propOf(source, node, 'path');
      const load = propOf(source, node, 'load');
      const module = load && importedModule(load, PAGES_FILE);
      const wordsNode = propOf(source, node, 'words');
      if (pathNode && ts.isStringLiteral(pathNode) && module) {
        if (!wordsNode || !ts.isArrayLiteralExpression(wordsNode) || !wordsNode.elements.every(ts.isStringLiteral)) {
          throw new Error(`${PAGES_FILE}: the page ${pathNode.text} has no literal words: [...] list`);
        }
        found.push({ path: pathNode.text, module, words: wordsNode.elements.map((element) => (element as ts.StringLiteral).text) });
        return;
      }
    }
    node.forEachChild(find);
  });
  if (!found.length) throw new Error(`${PAGES_FILE}: found no pages`);
  return found;
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(outDir: string, file: string) {
  const full = path.join(outDir, file);
  let size = sizes.get(full);
  if (!size) {
    const bytes = readFileSync(full);
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(full, size);
  }
  return size;
}

interface Row {
  route: string;
  how: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
  recharts: boolean;
  /** The route reaches recharts at all (statically or lazily): it draws a chart. */
  drawsChart: boolean;
}

function measure(built: Built, route: string, how: string, keys: Set<string>, reachable: Set<string>): Row {
  const files = [...keys].map((key) => built.manifest[key]!.file).filter((file) => file.endsWith('.js')).sort();
  const total = files.reduce(
    (sum, file) => {
      const size = sizeOf(built.outDir, file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );
  const hasRecharts = (key: string) => (built.modules.get(built.manifest[key]!.file) ?? []).some(isRecharts);
  return { route, how, files, ...total, recharts: files.length > 0 && [...keys].some(hasRecharts), drawsChart: [...reachable].some(hasRecharts) };
}

/** The output files holding recharts' modules: the chart chunk(s) a chart fetches after the first paint. */
function rechartsChunks(built: Built): string[] {
  return [...built.modules.entries()].filter(([, ids]) => ids.some(isRecharts)).map(([file]) => file).sort();
}

/**
 * Everything a route's own chunks can load, statically or later; the shared boot chunks are not
 * followed (the entry and the router lazily reach every route, so through them every route would draw every chart).
 */
function reachableFrom(manifest: Manifest, key: string, boot: Set<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length) {
    const at = stack.pop()!;
    if (seen.has(at) || boot.has(at)) continue;
    seen.add(at);
    stack.push(...(manifest[at]?.imports ?? []), ...(manifest[at]?.dynamicImports ?? []));
  }
  return seen;
}

function routeRows(app: Built): Row[] {
  const { manifest } = app;
  const entry = entryKey(manifest);
  const routerKey = keyHolding(app, ROUTER);
  const routerChain = pathToRouter(app, entry, routerKey);
  const boot = closure(manifest, routerChain);
  // Routes are lazy imports of the router's chunk or of the pages table's (its own chunk, or inside the router's).
  const pagesKey = keyHolding(app, PAGES_FILE);
  const lazyRoutes = new Set([...(manifest[routerKey]!.dynamicImports ?? []), ...(manifest[pagesKey]!.dynamicImports ?? [])]);
  const declared = routesOfRouter();

  // Fail loudly both ways: a declared route the build does not split, or a split route module the bench does not know.
  for (const route of declared) {
    if (!lazyRoutes.has(route.module)) throw new Error(`route ${route.path}: ${route.module} is not a lazy chunk of the router's or the pages table's chunk`);
  }
  for (const key of lazyRoutes) {
    if (key.startsWith(ROUTES_DIR) && !declared.some((route) => route.module === key)) throw new Error(`${key} is lazily imported but mapped to no route`);
  }

  // First-load screens: the entry renders a route's screen itself on a cold visit, before (or without) the router.
  const firstLoad = new Map<string, string>();
  for (const key of manifest[entry]!.dynamicImports ?? []) {
    if (!key.startsWith(FIRST_LOAD_DIR)) continue;
    const module = ROUTES_DIR + key.slice(FIRST_LOAD_DIR.length);
    if (!declared.some((route) => route.module === module)) throw new Error(`${key} has no route module ${module} beside it`);
    firstLoad.set(module, key);
  }

  // A screen's words download beside it, in one locale: count the heaviest locale, so the budget holds in every one.
  const catalogs = (parts: string[]) => {
    const byLocale = new Map<string, string[]>();
    for (const key of Object.keys(manifest)) {
      const match = /^src\/locales\/([^/]+)\/([^/]+)\.po$/.exec(key);
      if (match && parts.includes(match[2]!)) byLocale.set(match[1]!, [...(byLocale.get(match[1]!) ?? []), key]);
    }
    if (byLocale.size === 0) throw new Error(`no catalog chunk for ${parts.join(', ')} in the build: src/locales moved?`);
    const gzip = (keys: string[]) => keys.reduce((sum, key) => sum + sizeOf(app.outDir, manifest[key]!.file).gzip, 0);
    return [...byLocale.values()].reduce((worst, keys) => (gzip(keys) > gzip(worst) ? keys : worst));
  };
  const signInWords = catalogs(['first-load']);
  // The app's frame loads `first-load` and `app`; each page adds its areas' catalogs (the `words` of src/app/pages.ts).
  const wordsOf = (route: RouteDecl) => catalogs(['first-load', 'app', ...(route.words ?? [])]);

  const rows: Row[] = [];
  for (const route of declared) {
    const viaRouter = new Set([...boot, ...closure(manifest, [route.module]), ...wordsOf(route)]);
    const reachable = reachableFrom(manifest, route.module, boot);
    const cold = firstLoad.get(route.module);
    if (cold) {
      rows.push(measure(app, route.path, 'cold visit', new Set([...closure(manifest, [entry]), ...closure(manifest, [cold]), ...signInWords]), reachable));
      rows.push(measure(app, route.path, 'via router', viaRouter, reachable));
    } else {
      rows.push(measure(app, route.path, 'cold visit', viaRouter, reachable));
    }
  }
  return rows;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

async function main(): Promise<void> {
  rmSync(WORK, { recursive: true, force: true });
  rmSync(path.join(ROOT, '.tmp', 'bundle-checks.json'), { force: true });
  const started = Date.now();
  const app = await buildApp();
  const bare = await buildBare();
  const bareRow = measure(bare, '(bare React + ReactDOM page)', 'cold visit', closure(bare.manifest, [entryKey(bare.manifest)]), new Set());
  const rows = routeRows(app);
  // The app draws charts with recharts: finding it in no chunk means the detection, not the app, is broken.
  if (![...app.modules.values()].some((ids) => ids.some(isRecharts))) throw new Error('recharts is in no chunk of the build: module ids changed form?');

  const signIn = rows.find((row) => row.route === '/sign-in' && row.how === 'cold visit');
  if (!signIn) throw new Error('the router has no /sign-in route');
  const ratio = signIn.gzip / bareRow.gzip;
  const tooBig = rows.filter((row) => row.gzip > ROUTE_LIMIT_GZIP);
  const eager = rows.filter((row) => row.recharts);
  const stray = rows.filter((row) => row.drawsChart !== CHART_ROUTES.includes(row.route));
  const chartChunks = rechartsChunks(app);
  const chartGzip = chartChunks.reduce((sum, file) => sum + sizeOf(app.outDir, file).gzip, 0);
  const checks = [
    {
      name: `bundle budget: /sign-in at most ${SIGN_IN_RATIO} × the bare React page (gzip)`,
      ok: ratio <= SIGN_IN_RATIO,
      detail: `${kB(signIn.gzip)} kB / ${kB(bareRow.gzip)} kB = ${ratio.toFixed(2)} ×${
        ratio <= SIGN_IN_RATIO ? '' : `, ${kB(signIn.gzip - SIGN_IN_RATIO * bareRow.gzip)} kB over`
      }`,
    },
    {
      name: `bundle budget: no route over ${kB(ROUTE_LIMIT_GZIP)} kB gzip`,
      ok: tooBig.length === 0,
      detail: tooBig.length
        ? tooBig.map((row) => `${row.route} (${row.how}) ${kB(row.gzip)} kB, ${kB(row.gzip - ROUTE_LIMIT_GZIP)} kB over`).join('; ')
        : `largest ${kB(Math.max(...rows.map((row) => row.gzip)))} kB`,
    },
    {
      name: "bundle budget: recharts in no route's first download (fetched after the first paint)",
      ok: eager.length === 0,
      detail: eager.length ? `recharts downloaded with ${eager.map((row) => `${row.route} (${row.how})`).join(', ')}` : 'lazy everywhere',
    },
    {
      name: `bundle budget: recharts reachable from ${CHART_ROUTES.join(' and ')} only`,
      ok: stray.length === 0,
      detail: stray.length ? stray.map((row) => `${row.route} (${row.how}) ${row.drawsChart ? 'reaches' : 'does not reach'} recharts`).join(', ') : 'yes',
    },
    {
      name: `bundle budget: the lazy chart chunk at most ${kB(RECHARTS_LIMIT_GZIP)} kB gzip`,
      ok: chartGzip <= RECHARTS_LIMIT_GZIP,
      detail: `${kB(chartGzip)} kB in ${chartChunks.length} file(s)`,
    },
  ];

  const table = [bareRow, ...rows].map((row) => ({
    route: row.route,
    load: row.how,
    files: row.files.length,
    'gzip kB': kB(row.gzip),
    'brotli kB': kB(row.brotli),
    '× bare': (row.gzip / bareRow.gzip).toFixed(2),
    recharts: row.recharts ? 'yes' : 'no',
    'draws chart': row.drawsChart ? 'yes' : 'no',
    'budget ok': row === bareRow ? '' : row.gzip <= ROUTE_LIMIT_GZIP && !row.recharts && !stray.includes(row) && (row !== signIn || ratio <= SIGN_IN_RATIO) ? 'yes' : 'NO',
  }));
  console.table(table);
  for (const c of checks) console.log(`${c.ok ? '✔' : '✘'} ${c.name}: ${c.detail}`);

  mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench', 'results', 'bundle.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        seconds: Math.round((Date.now() - started) / 1000),
        units: 'bytes; kB in the table = 1000 bytes; gzip level 9, brotli quality 11',
        bare: { files: bareRow.files, raw: bareRow.raw, gzip: bareRow.gzip, brotli: bareRow.brotli },
        signInRatio: Number(ratio.toFixed(3)),
        chartChunk: { files: chartChunks, gzip: chartGzip },
        routes: rows.map(({ route, how, files, raw, gzip, brotli, recharts, drawsChart }) => ({ route, load: how, files, raw, gzip, brotli, recharts, drawsChart })),
        checks,
      },
      null,
      2,
    ) + '\n',
  );
  // npm test counts each budget as one test.
  writeFileSync(path.join(ROOT, '.tmp', 'bundle-checks.json'), JSON.stringify(checks, null, 2) + '\n');
  if (check && checks.some((c) => !c.ok)) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
