import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { webhookKeys } from '@/lib/query-keys';

/**
 * Re-reads everything of one webhook at once (settings, deliveries, health, attempts, diagnosis): every key of
 * the webhook sits under its detail key, so one invalidation is one refresh and no part is left behind.
 */
export function useRefreshWebhook(id: number) {
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await client.invalidateQueries({ queryKey: webhookKeys.detail(id) });
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh, refreshing };
}
