import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, type RenderHookOptions, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, type MemoryRouterProps } from 'react-router-dom';

type InitialEntry = NonNullable<MemoryRouterProps['initialEntries']>[number];

/** A fresh client per test: no cache shared between tests, and a failed query shows its error at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

export interface ProvidersOptions {
  queryClient?: QueryClient;
  /** Renders inside a MemoryRouter at this entry; without it, no router. */
  route?: InitialEntry;
}

/**
 * The providers a component gets in the app, outermost first: the one place to add one, so every component test
 * gets it. The I18nProvider is outside all of them, added by setup-tests.ts to every render (as main.tsx does).
 */
function TestProviders({ queryClient, route, children }: ProvidersOptions & { queryClient: QueryClient; children: ReactNode }) {
  let tree = children;
  if (route !== undefined) tree = <MemoryRouter initialEntries={[route]}>{tree}</MemoryRouter>;
  return <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider>;
}

/** `render` inside the app's providers; returns the query client too. */
export function renderWithProviders(ui: ReactElement, { queryClient = createTestQueryClient(), route, ...options }: ProvidersOptions & Omit<RenderOptions, 'wrapper'> = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders queryClient={queryClient} route={route}>
      {children}
    </TestProviders>
  );
  return { ...render(ui, { ...options, wrapper }), queryClient };
}

/** `renderHook` inside the app's providers (a hook that navigates needs `route`); returns the query client too. */
export function renderHookWithProviders<Result, Props>(
  hook: (props: Props) => Result,
  { queryClient = createTestQueryClient(), route, ...options }: ProvidersOptions & Omit<RenderHookOptions<Props>, 'wrapper'> = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders queryClient={queryClient} route={route}>
      {children}
    </TestProviders>
  );
  return { ...renderHook(hook, { ...options, wrapper }), queryClient };
}
