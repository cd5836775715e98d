import './lib/zod-config';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { signInPath } from './features/auth/return-path';
import { sessionStore } from './features/auth/session';
import './index.css';

/*
 * A cold visit without a session draws a light sign-in screen first and loads the app
 * (router, query client, layout) behind it; with a session it loads the app at once.
 * The sign-in route then downloads little more than React (docs/decisions/bundle.md).
 */
const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
const loadApp = () => import('./app/app');

async function startApp(): Promise<void> {
  const { App } = await loadApp();
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

  import('./app/first-load/sign-in').then(
    ({ FirstLoadSignIn }) => {
      render(<FirstLoadSignIn onSession={handOver} />);
      // After the first paint, the app downloads while the user types.
      requestAnimationFrame(() => setTimeout(() => loadApp().catch(() => undefined)));
    },
    () => void startApp(),
  );
}

if (sessionStore.get()) void startApp();
else startSignedOut();
