import { i18n as lingui } from '@lingui/core';

/*
 * A schema's own words, looked up each time a value fails (so in the language active then), written as
 * `{ error: () => i18n._('is required') }`. Not the msg macro: the emulator runs these schemas as plain TypeScript,
 * without the build's macros and with no language active, and gets the English words (placeholders filled).
 * Named `i18n` so that `lingui extract` collects each call's words, which are also the message id.
 */
const fill = (words: string, values: Record<string, unknown> = {}) => words.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));

export const i18n = {
  _: (words: string, values?: Record<string, unknown>): string => (lingui.locale ? lingui._(words, values) : fill(words, values)),
};
