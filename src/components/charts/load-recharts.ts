import type { RechartsBarChart } from './recharts-bar-chart';

type Drawing = typeof RechartsBarChart;

let loaded: Drawing | null = null;
let loading: Promise<Drawing> | null = null;
let goNow: (() => void) | null = null;

/**
 * How long the page must have run no long task (50 ms or more) before recharts is fetched and drawn. Its first
 * drawing is one task of about 300 ms at a phone's speed (docs/decisions/charts.md): started while the page's own
 * start-up still runs (its queries, the other cards), it would delay them and a first tap. The HTML placeholder shows
 * every figure meanwhile.
 */
const QUIET_MS = 3000;
/** A page that never goes quiet (a long history being read) still gets recharts after this long. */
const MAX_WAIT_MS = 15_000;

/** Resolves once the page has loaded and run no long task for QUIET_MS, then has an idle moment; or on `goNow`. */
function afterPageSettles(): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let cap: ReturnType<typeof setTimeout> | undefined;
    let observer: PerformanceObserver | undefined;
    let settled = false;
    const go = () => {
      if (settled) return;
      settled = true;
      clearTimeout(quiet);
      clearTimeout(cap);
      observer?.disconnect();
      goNow = null;
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    };
    goNow = go;
    const waitForQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(go, QUIET_MS);
    };
    const start = () => {
      cap = setTimeout(go, MAX_WAIT_MS);
      waitForQuiet();
      // Each long task starts the wait again (Chromium, Edge; elsewhere the wait is QUIET_MS after the load).
      if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
        observer = new PerformanceObserver(waitForQuiet);
        observer.observe({ type: 'longtask' });
      }
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}

/** recharts' chart, if already loaded (a second chart, or a page visited again, draws with it at once). */
export const rechartsIfLoaded = (): Drawing | null => loaded;

/** Loads the recharts drawing once, when the page has settled; every chart shares the one load. */
export function loadRecharts(): Promise<Drawing> {
  loading ??= afterPageSettles()
    .then(() => import('./recharts-bar-chart'))
    .then((module) => (loaded = module.RechartsBarChart))
    .catch((error: unknown) => {
      // The placeholder stays (it shows every figure); the next chart tries again.
      loading = null;
      throw error;
    });
  return loading;
}

/** The pointer is over a chart: its tooltips are wanted, so recharts is loaded without waiting for the page to settle. */
export function wantRecharts() {
  goNow?.();
}
