import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * A modal dialog on Radix's primitive: focus moves in and is trapped while open, Escape and the close button close it,
 * the page behind is inert for screen readers, and focus returns to what opened it (the trigger, or `onCloseFocus`
 * for an opener that is gone). Controlled: the caller owns `open`, so it can refuse to close (`onOpenChange` gets
 * false and may ignore it, e.g. while a secret is still unstored).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  footer,
  children,
  onCloseFocus,
  size = 'md',
  step,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The button that opens it; Radix wires aria-expanded/aria-controls and returns focus to it. */
  trigger?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  /** Where focus goes on close instead of the trigger. */
  onCloseFocus?: () => HTMLElement | null | undefined;
  size?: 'sm' | 'md' | 'lg';
  /**
   * For a dialog of several steps: when it changes while open, the step's content (which held the focus) is gone, so
   * the focus moves to the title instead of falling to the page.
   */
  step?: string;
}) {
  const { t } = useLingui();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (!open) {
      firstStep.current = step;
      return;
    }
    if (step !== firstStep.current) titleRef.current?.focus();
  }, [open, step]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          // Without a description Radix warns unless told there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = onCloseFocus?.();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
            size === 'sm' ? 'max-w-sm' : size === 'lg' ? 'max-w-2xl' : 'max-w-lg',
          )}
        >
          <RadixDialog.Title ref={titleRef} tabIndex={-1} className="pr-8 text-lg font-semibold">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="text-sm text-zinc-700 dark:text-zinc-300">{description}</RadixDialog.Description>}
          {children}
          {footer && <div className="mt-2 flex flex-wrap justify-end gap-2">{footer}</div>}
          {/* Last in the DOM, shown top right: Radix focuses the first tabbable element on open, which must be the
              dialog's first field, not its close button. */}
          <RadixDialog.Close
            aria-label={t`Close`}
            className="absolute top-4 right-4 rounded-md p-1 text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button inside the dialog that closes it (e.g. "Cancel"). */
export const DialogClose = RadixDialog.Close;
