import { type QueryKey, useMutation, type UseMutationOptions, useQueryClient } from '@tanstack/react-query';

/** What a screen adds to a command hook: its own messages and screen state. */
export type CommandCallbacks<TData, TVariables> = Pick<UseMutationOptions<TData, Error, TVariables>, 'onMutate' | 'onSuccess' | 'onError'>;

/**
 * A command (`useMutation`) that, once it succeeds, marks the queries under `invalidates` stale so
 * the lists on screen refetch, then runs the screen's own `onSuccess`.
 */
export function useInvalidatingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  invalidates: QueryKey,
  callbacks: CommandCallbacks<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    ...callbacks,
    mutationFn,
    onSuccess: (data, variables, result, context) => {
      void queryClient.invalidateQueries({ queryKey: invalidates });
      return callbacks.onSuccess?.(data, variables, result, context);
    },
  });
}
