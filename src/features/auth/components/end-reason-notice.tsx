import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Notice } from '@/components/ui/feedback/notice';
import type { EndReason } from '../lib/session-store';

const messages: Record<EndReason, MessageDescriptor> = {
  expired: msg`Your session expired. Sign in again to go back to where you were.`,
  rejected: msg`The service no longer accepts your session. Sign in again to go back to where you were.`,
  'signed-out': msg`You have signed out.`,
  'signed-out-elsewhere': msg`You were signed out in another tab.`,
};

export function EndReasonNotice({ reason }: { reason: EndReason | null }) {
  const { i18n } = useLingui();
  if (!reason) return null;
  return <Notice tone={reason === 'signed-out' ? 'success' : 'warning'}>{i18n._(messages[reason])}</Notice>;
}
