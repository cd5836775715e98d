import { useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { Button } from '@/components/ui/form/button';

/**
 * Opens and closes a delivery's attempts. A secondary button with a chevron: as a ghost button it read as a plain
 * label on a phone, where the events are stacked cards (found while reviewing the 375 px screenshots).
 */
export function AttemptsToggle({ open, onToggle, className }: { open: boolean; onToggle: () => void; className?: string }) {
  const { t } = useLingui();
  const Icon = open ? ChevronUp : ChevronDown;
  return (
    <Button size="sm" variant="secondary" className={className} aria-expanded={open} onClick={onToggle}>
      <Icon aria-hidden="true" className="size-4" />
      {open ? t`Hide attempts` : t`Attempts`}
    </Button>
  );
}
