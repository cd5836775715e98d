import { useCopy } from '@/lib/use-copy';
import { Button } from './button';

export function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what?: string }) {
  const { copy, copied, failed } = useCopy();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => void copy(text)} aria-label={what ? `${label} ${what}` : label}>
        {copied ? 'Copied' : label}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Copied to the clipboard' : failed ? 'Could not copy: select the text and copy it by hand' : ''}
      </span>
    </>
  );
}
