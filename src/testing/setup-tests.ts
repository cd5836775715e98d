import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => cleanup());

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
