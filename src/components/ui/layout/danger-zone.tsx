import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../form/button';
import { ErrorAlert } from '../feedback/error-alert';
import { Input } from '../form/input';

/**
 * The bottom-of-page section for what cannot be undone. The first press only asks; the action runs after the
 * confirmation (and, with `confirmText`, after typing it, e.g. the webhook's name). Focus moves to the question and
 * back to the first button on cancel, so a keyboard user never loses their place.
 */
export function DangerZone({
  title,
  description,
  actionLabel,
  confirmLabel,
  question,
  confirmText,
  onConfirm,
  children,
}: {
  title?: string;
  /** What the action does, in one or two sentences, shown before anything is pressed. */
  description: ReactNode;
  actionLabel: string;
  /** The button that really does it, e.g. "Yes, delete demo-shop" (defaults to the action label). */
  confirmLabel?: string;
  /** The question asked after the first press. */
  question?: ReactNode;
  /** When given, the confirm button stays disabled until this exact text is typed. */
  confirmText?: string;
  onConfirm: () => Promise<unknown> | void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  // Set by Cancel: once React has put the action button back, it takes the focus (not the page body).
  const returnFocus = useRef(false);
  useEffect(() => {
    if (asking) questionRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      actionRef.current?.focus();
    }
  }, [asking]);
  const typedMatches = confirmText === undefined || typed === confirmText;

  const cancel = () => {
    setAsking(false);
    setTyped('');
    setError(null);
    returnFocus.current = true;
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-lg border-2 border-red-300 p-4 dark:border-red-800">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-red-800 dark:text-red-300">
        <TriangleAlert aria-hidden="true" className="size-5" />
        {title ?? t`Danger zone`}
      </h2>
      <div className="mt-2 text-sm">{description}</div>
      {children}
      {!asking ? (
        <div className="mt-3">
          <Button ref={actionRef} variant="danger" onClick={() => setAsking(true)}>
            {actionLabel}
          </Button>
        </div>
      ) : (
        <div role="group" aria-label={t`Confirm: ${actionLabel}`} className="mt-3 flex flex-col gap-3 rounded-md bg-red-50 p-3 dark:bg-red-950">
          <p ref={questionRef} tabIndex={-1} className="text-sm font-medium focus-visible:outline-none">
            {question ?? t`This cannot be undone. Are you sure?`}
          </p>
          {confirmText !== undefined && (
            <label className="flex flex-col gap-1 text-sm">
              <span>
                <Trans>
                  Type <strong className="font-mono">{confirmText}</strong> to confirm
                </Trans>
              </span>
              <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" className="max-w-sm" />
            </label>
          )}
          {error !== null && <ErrorAlert error={error} />}
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="danger"
              loading={busy}
              disabled={!typedMatches}
              disabledReason={confirmText !== undefined ? t`Type the name above first` : undefined}
              onClick={() => void confirm()}
            >
              {confirmLabel ?? actionLabel}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
