import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// "Pro" and "Enterprise" are names in every language (glossary § 4); only "Free" is a word.
const KNOWN: Record<string, MessageDescriptor | string> = {
  free: msg`Free`,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a plan's name, the same in every language
  pro: 'Pro',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a plan's name, the same in every language
  enterprise: 'Enterprise',
};

/** Known plans get their proper name; any other string is shown as the service sent it. Called during render. */
export function planLabel(planType: string): string {
  const known = KNOWN[planType];
  if (known === undefined) return planType;
  return typeof known === 'string' ? known : i18n._(known);
}
