import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import { getEmulatorInfo } from '@/api/emulator';
import { emulatorKeys } from '@/lib/query-keys';

/** /_emulator/info answers only on the emulator; a real service's 404 means "not the emulator", not an error. */
export const emulatorInfoQueryOptions = queryOptions({
  queryKey: emulatorKeys.info,
  queryFn: async ({ signal }) => {
    try {
      return await getEmulatorInfo(signal);
    } catch (error) {
      if (isApiError(error) && (error.kind !== 'network')) return null;
      throw error;
    }
  },
  staleTime: Infinity,
  retry: false,
});

export function useIsEmulator(): boolean {
  return useQuery(emulatorInfoQueryOptions).data != null;
}
