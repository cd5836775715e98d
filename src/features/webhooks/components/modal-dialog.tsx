import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/**
 * The native <dialog> opened with showModal(): the browser traps focus and makes the page inert.
 * onCancel receives Escape; the caller decides whether closing is allowed.
 * Focus is never left on <body>: a new step (new title) whose old content held the focus moves it to
 * the heading, and closing when the button that opened it is gone moves it to `returnFocus`.
 */
export function ModalDialog({
  open,
  title,
  onCancel,
  returnFocus,
  children,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  /** Where focus goes on close if the opener no longer exists (e.g. an empty state that the new item replaced). */
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      // close() gives focus back to the opener; when that was removed meanwhile, focus falls to <body>.
      dialog.close();
      if (document.activeElement === document.body) returnFocus?.current?.focus();
    }
    const heading = headingRef.current;
    if (open && heading && !dialog.contains(document.activeElement)) {
      // Focusable only from here on: with tabIndex from the start, showModal() would focus the heading, not the first field.
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [open, title, returnFocus]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 backdrop:bg-black/50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {open && (
        <>
          <h2 ref={headingRef} className="mb-3 text-lg font-semibold focus-visible:outline-none">
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
