import { useRef, type ReactNode } from 'react';
import { Upload } from 'lucide-react';
import { Button, type ButtonSize } from '@/components/ui/form/button';

/**
 * A file input drawn as one of our buttons. The browser's own control says "Choose File · No file chosen" in the
 * browser's language, not the page's, and cannot be styled; the input stays in the page (visually hidden, named by
 * `inputProps`), so a label, a test or an assistive tool still reaches it, and the button opens it.
 */
export function FileButton({
  accept,
  inputProps,
  onFile,
  disabled,
  loading,
  size = 'sm',
  children,
}: {
  accept: string;
  /** The input's name: an id its label points at (and aria-describedby), or an aria-label. */
  inputProps: { id?: string; 'aria-label'?: string; 'aria-describedby'?: string };
  onFile: (file: File) => void;
  disabled?: boolean;
  loading?: boolean;
  size?: ButtonSize;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <span>
      <input
        {...inputProps}
        ref={input}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        variant="secondary"
        size={size}
        disabled={disabled}
        loading={loading}
        aria-describedby={inputProps['aria-describedby']}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden="true" className="size-4" />
        {children}
      </Button>
    </span>
  );
}
