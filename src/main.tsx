import './lib/zod-config';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { signInPath } from './features/auth/lib/return-path';
import { sessionStore } from './features/auth/hooks/use-session';
import { activate, activateApp, pageWords, prefetchApp, switchLocale } from './i18n/catalogs';
import { initialLocale, onLocaleChangedElsewhere } from './i18n/locales';
import './index.css';

/*
 * A cold visit without a session draws a light sign-in screen first and loads the app
 * (router, query client, layout) behind it; with a session it loads the app at once.
 * The sign-in route then downloads little more than React (docs/decisions/bundle.md).
 * Each screen's words download beside its code, in the one language the page speaks.
 */
const locale = initialLocale();
document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </StrictMode>,
  );
const loadApp = () => import('./app/app');

/**
 * The first Intl date formatter of a process costs tens of milliseconds (ICU loads its calendar and time-zone data),
 * later ones well under one. Paid in the render that first writes a date, it lengthened the long task that draws a
 * page's data (Lighthouse mobile, 4x CPU); paid here, in tasks of their own while the app's code downloads, it uses
 * time the main thread would spend waiting. Throwaway objects: the data they load stays for src/lib/format.ts.
 */
function warmIntl(): void {
  const tag = locale === 'pseudo' ? 'en' : locale;
  setTimeout(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(0));
  setTimeout(() => {
    new Intl.NumberFormat(tag).format(0);
    new Intl.PluralRules(tag).select(0);
  });
}

async function startApp(): Promise<void> {
  warmIntl();
  // The page's own code and words download beside the app's, not once the router asks for it (a failure here is the router's
  // to report, when it asks again). The page table is a small chunk of its own: in the entry, its list of every
  // page's files weighed on the sign-in screen, which needs none of them.
  // Its words are awaited with the app's: a catalog loaded after the first render re-renders the whole tree (Lingui's
  // load() announces a change), a long task on a phone (Lighthouse mobile: +80 ms of blocking time on the overview).
  const pageWordsReady = import('./app/pages')
    .then(({ pageFor }) => {
      const page = pageFor(window.location.pathname);
      if (!page) return;
      page.load().catch(() => undefined);
      return pageWords(locale, page.words);
    })
    .catch(() => undefined);
  const [{ App }] = await Promise.all([loadApp(), activateApp(locale), pageWordsReady]);
  render(<App />);
}

function startSignedOut(): void {
  // Every page but sign-in needs a session: go where the router's guard would send the user, without loading the router first.
  const { pathname, search } = window.location;
  if (pathname.replace(/\/+$/, '') !== '/sign-in') window.history.replaceState(window.history.state, '', signInPath(pathname + search));

  let handedOver = false;
  const handOver = (returnTo: string) => {
    if (handedOver) return;
    handedOver = true;
    // The router is made on the app's first render, so it starts at the return path: no reload, no second redirect.
    window.history.replaceState(null, '', returnTo);
    startApp().catch(() => window.location.assign(returnTo));
  };

  // The screen and its words download together: one round trip, not two.
  Promise.all([import('./app/first-load/sign-in'), activate(locale, ['first-load'])]).then(
    ([{ FirstLoadSignIn }]) => {
      render(<FirstLoadSignIn onSession={handOver} />);
      // The app and its words download and run while the user types: from the first sign of use (a key, a tap, a
      // field taking focus), not right after the first paint. Evaluating the router, the query client and the
      // schemas is a long task on a phone; right after the paint it landed while the page was still settling
      // (Lighthouse mobile counted it as blocking time), now it overlaps the typing. A password manager's submit
      // still starts with a tap or a key, and handOver loads the app anyway.
      const events = ['pointerdown', 'keydown', 'focusin'] as const;
      const warmUp = () => {
        for (const type of events) document.removeEventListener(type, warmUp, true);
        loadApp().catch(() => undefined);
        prefetchApp(i18n.locale as typeof locale);
      };
      for (const type of events) document.addEventListener(type, warmUp, { capture: true, passive: true });
    },
    () => void startApp(),
  );
}

onLocaleChangedElsewhere((next) => void switchLocale(next));

if (sessionStore.get()) void startApp();
else startSignedOut();
