import { Notice } from '@/components/ui/notice';
import type { EndReason } from '../session-store';

const messages: Record<EndReason, string> = {
  expired: 'Your session expired. Sign in again to go back to where you were.',
  rejected: 'The service no longer accepts your session. Sign in again to go back to where you were.',
  'signed-out': 'You have signed out.',
  'signed-out-elsewhere': 'You were signed out in another tab.',
};

export function EndReasonNotice({ reason }: { reason: EndReason | null }) {
  if (!reason) return null;
  return <Notice tone={reason === 'signed-out' ? 'success' : 'warning'}>{messages[reason]}</Notice>;
}
