import { useLingui } from '@lingui/react/macro';
import { serviceOrderName } from '../../lib/submission/order-name';

/** The service's own words at the start of the names it makes (not translated: they are the order's name). */
const SERVICE_LABELS = {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the name the service gives, shown as it will appear
  watermarkEmbed: 'Watermark embed',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the name the service gives, shown as it will appear
  watermarkExtract: 'Watermark extract',
} as const;

/**
 * Embed and extract orders take no name: the service names them by their kind and creation time in UTC. The
 * form says so, so "Watermark embed 2026-11-26 15:45:23" in the list is not read as local time.
 */
export function ServiceNamedNote({ kind }: { kind: keyof typeof SERVICE_LABELS }) {
  const { t } = useLingui();
  const example = serviceOrderName(SERVICE_LABELS[kind], new Date());
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="service-name-note">
      {t`The service names this order after its kind and its creation time in UTC (not your local time), e.g. “${example}”.`}
    </p>
  );
}
