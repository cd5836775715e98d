import { Trans, useLingui } from '@lingui/react/macro';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/form/button';
import { Notice } from '@/components/ui/feedback/notice';
import { announcedSwitch, subscribeRelaySwitch, type RelaySwitch } from '@/lib/storage-access/storage-relay';

/**
 * Says once, when it happens, that this browser session now sends files through the dashboard server because the
 * storage refused this page (docs/decisions/upload-relay.md): which origin, why, and which setting would let the
 * page go direct. In the app's frame, so it shows wherever the switch happened (an upload, a download, a thumbnail).
 */
export function StorageRelayNotice({ className }: { className?: string }) {
  const { t } = useLingui();
  const change = useSyncExternalStore(subscribeRelaySwitch, announcedSwitch, () => null);
  const [dismissed, setDismissed] = useState<RelaySwitch | null>(null);
  if (!change || dismissed === change) return null;
  const origin = change.origin;
  const pageOrigin = window.location.origin;
  return (
    <Notice className={className}>
      <p data-testid="storage-relay-notice">
        {change.reason === 'csp' ? (
          <Trans>
            This dashboard's Content-Security-Policy blocks {origin}: it is not in the STORAGE_ORIGINS setting. Files now go through the dashboard
            server for the rest of this session. To send them directly, add {origin} to STORAGE_ORIGINS.
          </Trans>
        ) : change.reason === 'cors' ? (
          <Trans>
            The storage at {origin} refuses this page: its CORS rules do not allow {pageOrigin}. Files now go through the dashboard server for the
            rest of this session.
          </Trans>
        ) : (
          <Trans>
            The storage at {origin} is plain HTTP and this page is HTTPS, which browsers block. Files now go through the dashboard server for the
            rest of this session.
          </Trans>
        )}
      </p>
      <Button variant="ghost" size="sm" className="mt-1 -ml-2.5" onClick={() => setDismissed(change)} aria-label={t`Dismiss the note about the relay`}>
        <Trans>Dismiss</Trans>
      </Button>
    </Notice>
  );
}
