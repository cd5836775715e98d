import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { FilePlus, FolderOpen, Upload } from 'lucide-react';
import { Button } from '@/components/ui/form/button';
import { renamePasted } from '../../lib/files/file-validation';

/**
 * Drag and drop (folders too, via react-dropzone's default getFilesFromEvent), click or
 * Enter/Space to choose, and paste from the clipboard anywhere on the page.
 * Validation happens in the caller (`addFiles`) so every rejection gets one plain reason.
 */
export function DropZone({
  label,
  hint,
  onFiles,
  multiple = true,
  disabled = false,
  pasteTarget = true,
  folders = false,
}: {
  label: string;
  hint: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  /** Only one zone per page should take pasted files. */
  pasteTarget?: boolean;
  /**
   * Also a "Choose a folder" button: a dropped folder is read by react-dropzone, but the system's file
   * dialog picks either files or one folder, never both, so choosing a folder needs its own input.
   */
  folders?: boolean;
}) {
  const folderInput = useRef<HTMLInputElement>(null);
  const { t } = useLingui();
  // A drop or a chosen folder that brought no file at all (an empty folder, or folders of folders only): said
  // under the zone, since nothing else on the page would change.
  const [empty, setEmpty] = useState(false);
  const take = (files: File[], refused = 0) => {
    setEmpty(files.length === 0 && refused === 0);
    if (files.length > 0) onFiles(files);
  };
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files, refused) => take(files, refused.length),
    multiple,
    disabled,
    noKeyboard: false,
  });

  useEffect(() => {
    if (!pasteTarget || disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      const now = new Date();
      onFiles(files.map((f, i) => renamePasted(f, i, now)));
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [onFiles, pasteTarget, disabled]);

  // The file input sits beside the zone, not inside it: a control inside a role="button" is a
  // nested interactive element that screen readers cannot reach (axe nested-interactive).
  return (
    <>
      <input {...getInputProps({ 'aria-label': label })} />
      <div
        {...getRootProps({
          role: 'button',
          'data-drop-zone': '',
          'aria-label': t`${label}: drop files here, or press Enter to choose`,
          'aria-disabled': disabled || undefined,
          className: `flex min-h-32 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed p-6 text-center text-sm ${
            isDragActive ? 'border-indigo-600 bg-indigo-50 dark:bg-indigo-950' : 'border-zinc-300 dark:border-zinc-700'
          } ${disabled ? 'opacity-60' : ''}`,
        })}
      >
        <Upload aria-hidden="true" className="h-6 w-6 text-zinc-500 dark:text-zinc-400" />
        <span className="font-medium">{isDragActive ? t`Drop the files here` : label}</span>
        {/* The extension list has no spaces in Japanese (".jpg、.png…"): it must still wrap inside a phone's width. */}
        <span className="max-w-full text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{hint}</span>
      </div>
      <p role="status" className="text-sm text-amber-800 empty:hidden dark:text-amber-300" data-testid="drop-zone-empty">
        {empty && t`Nothing was added: the folder is empty (or holds only empty folders).`}
      </p>
      {folders && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={disabled} onClick={open}>
            <FilePlus aria-hidden="true" className="size-4" />
            {t`Choose files`}
          </Button>
          <input
            ref={(el) => {
              folderInput.current = el;
              // Not in React's attribute types; every current browser reads it.
              el?.setAttribute('webkitdirectory', '');
            }}
            type="file"
            multiple
            hidden
            aria-label={t`Folder of images`}
            data-folder-input=""
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              // Chromium builds a chosen folder's file list in the same task that fires `change`
              // (about 0.2 s for 1,000 files, bench:batch): the sorting starts in a task of its own,
              // so the page's work never lengthens the browser's.
              setTimeout(() => take(files), 0);
            }}
          />
          <Button variant="secondary" size="sm" disabled={disabled} onClick={() => folderInput.current?.click()}>
            <FolderOpen aria-hidden="true" className="size-4" />
            {t`Choose a folder`}
          </Button>
        </div>
      )}
    </>
  );
}
