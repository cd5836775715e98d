import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import * as rtl from '@testing-library/react';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';

// Outside a production build the macros keep each message's English words, so English needs no catalog.
i18n.loadAndActivate({ locale: 'en', messages: {} });

/*
 * Every component renders inside the I18nProvider, as main.tsx renders the app: render and renderHook
 * wrap their wrapper (if any) in it, so no test can forget the provider.
 */
vi.mock('@testing-library/react', async (importOriginal) => {
  const original = await importOriginal<typeof rtl>();
  const withI18n = (Inner?: ComponentType<{ children: ReactNode }>) =>
    function I18nWrapper({ children }: { children: ReactNode }) {
      return createElement(I18nProvider, { i18n }, Inner ? createElement(Inner, null, children) : children);
    };
  return {
    ...original,
    render: ((ui: ReactNode, options?: Parameters<typeof original.render>[1]) =>
      original.render(ui, { ...options, wrapper: withI18n(options?.wrapper) })) as typeof original.render,
    renderHook: ((hook: (props: unknown) => unknown, options?: Parameters<typeof original.renderHook>[1]) =>
      original.renderHook(hook, { ...options, wrapper: withI18n(options?.wrapper) })) as typeof original.renderHook,
  };
});

afterEach(() => rtl.cleanup());

// A test fails on any console.error or console.warn it did not expect.
const failures: string[] = [];
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    failures.push(`console.${level}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  if (failures.length) throw new Error(`Unexpected console output:\n${failures.splice(0).join('\n')}`);
});
