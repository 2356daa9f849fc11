import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toaster } from './ui/toaster';

interface ToastedMutationOptions<TData, TVars> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The success toast's title, or a function that shows the toasts when their words depend on the answer. */
  success: string | ((data: TData, vars: TVars) => void);
  /** The error toast's title (the error's message is its description), or `{ log }` where the page shows the failure itself. */
  failure: string | { log: string };
  /** Read again when the mutation settles, whichever way it went. */
  invalidates: QueryKey;
  /** The caller's own step after the toast (close a dialog, leave the page). */
  onSuccess?: (data: TData) => void;
}

/** A write that says how it went (docs/product-rules.md#messages-and-errors) and refreshes what it changed. */
export function useToastedMutation<TData, TVars>({ mutationFn, success, failure, invalidates, onSuccess }: ToastedMutationOptions<TData, TVars>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data: TData, vars: TVars) => {
      if (typeof success === 'string') toaster.success({ title: success });
      else success(data, vars);
      onSuccess?.(data);
    },
    onError: (error: Error) => {
      if (typeof failure === 'string') toaster.error({ title: failure, description: error.message });
      else console.error(failure.log, error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
}
