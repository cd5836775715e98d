import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The native <dialog> opened with showModal(): the browser traps focus and makes the page inert.
 * onCancel receives Escape; the caller decides whether closing is allowed.
 */
export function ModalDialog({
  open,
  title,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
          <h2 className="mb-3 text-lg font-semibold">{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}
