import { useCallback, useState } from 'react';

interface ActionState {
  isPending: boolean;
  error: unknown;
}

/**
 * A mutation's pending and error state without a query client: the sign-in forms use it
 * so that their first load needs no @tanstack/react-query (docs/decisions/bundle.md).
 * Like useMutation, a new run clears the last error, and `onSuccess` of the hook runs
 * before the one given to `mutate`.
 */
export function useAsyncAction<TInput, TResult>(action: (input: TInput) => Promise<TResult>, options: { onSuccess?: (result: TResult) => void } = {}) {
  const [state, setState] = useState<ActionState>({ isPending: false, error: null });
  const { onSuccess } = options;
  const mutate = useCallback(
    (input: TInput, callbacks: { onSuccess?: (result: TResult) => void } = {}) => {
      setState({ isPending: true, error: null });
      action(input).then(
        (result) => {
          setState({ isPending: false, error: null });
          onSuccess?.(result);
          callbacks.onSuccess?.(result);
        },
        (error: unknown) => setState({ isPending: false, error }),
      );
    },
    [action, onSuccess],
  );
  return { ...state, mutate };
}
