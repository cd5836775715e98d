import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useCopy } from '@/lib/use-copy';
import { Button } from './button';
import { InlineStatus } from '../feedback/inline-status';

/** `label` is the button's words; `what` names what is copied for screen readers ("Copy order id …"). */
export function CopyButton({ text, label, what }: { text: string; label?: string; what?: string }) {
  const { t } = useLingui();
  const { copy, copied, failed } = useCopy();
  const words = label ?? t`Copy`;
  const Icon = copied ? Check : Copy;
  return (
    <>
      <Button size="sm" variant="secondary" className="whitespace-nowrap" onClick={() => void copy(text)} aria-label={what ? t`Copy ${what}` : words}>
        <Icon aria-hidden="true" className="size-4" />
        {copied ? t`Copied` : words}
      </Button>
      <InlineStatus
        className={copied ? 'sr-only' : undefined}
        message={copied ? { tone: 'success', text: t`Copied to the clipboard` } : failed ? { tone: 'error', text: t`Could not copy: select the text and copy it by hand` } : null}
      />
    </>
  );
}
