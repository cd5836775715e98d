import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useRef, useState } from 'react';
import { LogOut, Menu, X, type LucideIcon } from 'lucide-react';
import { NavLink, Outlet, useLocation, useMatch } from 'react-router-dom';
import { Button } from '@/components/ui/form/button';
import { LanguageSelect } from '@/i18n/language-select';
import { cn } from '@/lib/cn';
import { sessionStore, useSession } from '@/features/auth/hooks/use-session';
import { StorageRelayNotice } from '@/components/storage-relay-notice';
import { NAV_ITEMS } from './nav-items';

function NavItem({ to, label, end, icon: Icon }: { to: string; label: MessageDescriptor; end: boolean; icon: LucideIcon }) {
  const { i18n } = useLingui();
  // "Orders" must not light up on /orders/new/...: New order has its own entry.
  const onNewOrder = useMatch('/orders/new/*');
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) => {
        const active = isActive && !(to === '/orders' && onNewOrder);
        return cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
          active
            ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
            : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
        );
      }}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {i18n._(label)}
    </NavLink>
  );
}

export function AppLayout() {
  const { t } = useLingui();
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    // The link or button that navigated is often gone with the old page, which leaves focus on <body>:
    // screen readers announce nothing and the next Tab depends on the browser. The new page's content takes it instead.
    if (!document.activeElement || document.activeElement === document.body) mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);
  const who = session?.account?.user.email ?? (session?.method === 'apiKey' ? t`Signed in with an API key` : '');

  return (
    <div className="min-h-screen md:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900">
        <Trans>Skip to content</Trans>
      </a>
      <div className="flex items-center justify-between border-b border-zinc-200 bg-white px-4 py-3 md:hidden print:hidden dark:border-zinc-800 dark:bg-zinc-900">
        <span className="text-lg font-bold text-indigo-700 dark:text-indigo-400">Imprint</span>
        <Button variant="secondary" size="sm" aria-expanded={menuOpen} aria-controls="sidebar" onClick={() => setMenuOpen((o) => !o)}>
          {menuOpen ? <X aria-hidden="true" className="size-4" /> : <Menu aria-hidden="true" className="size-4" />}
          {menuOpen ? t`Close menu` : t`Menu`}
        </Button>
      </div>
      <aside
        id="sidebar"
        className={cn(
          'w-full shrink-0 flex-col border-zinc-200 bg-white p-4 print:hidden md:sticky md:top-0 md:flex md:h-screen md:w-60 md:border-r dark:border-zinc-800 dark:bg-zinc-900',
          menuOpen ? 'flex border-b' : 'hidden',
        )}
      >
        <span className="mb-6 hidden px-3 text-lg font-bold text-indigo-700 md:block dark:text-indigo-400">Imprint</span>
        <nav aria-label={t`Main`} className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => (
            <NavItem key={item.to} {...item} />
          ))}
        </nav>
        {/* The e-mail, the icon and the words of Sign out line up on the same left edge as the nav items (px-3). */}
        <div className="mt-6 flex flex-col gap-2 border-t border-zinc-200 pt-4 md:mt-auto dark:border-zinc-800">
          <p className="truncate px-3 text-sm text-zinc-600 dark:text-zinc-400" title={who}>
            {who}
          </p>
          <LanguageSelect className="px-3" />
          <Button variant="ghost" className="w-full justify-start gap-3 px-3!" onClick={() => sessionStore.end('signed-out')}>
            <LogOut aria-hidden="true" className="size-4 shrink-0" />
            <Trans>Sign out</Trans>
          </Button>
        </div>
      </aside>
      <main ref={mainRef} id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus-visible:outline-none md:px-8 print:p-0">
        <StorageRelayNotice className="mb-4 print:hidden" />
        <Outlet />
      </main>
    </div>
  );
}
