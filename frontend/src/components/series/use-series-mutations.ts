import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { deleteInSeries, editInSeries } from '@/lib/api/series';

/** Refreshes every query: posts, counts, the calendar and the series all change together. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useEditInSeries({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: editInSeries,
    onSuccess: (_post, edit) => {
      toaster.success({ title: edit.scope === 'this' ? 'Post updated successfully!' : 'This and the following posts were updated' });
      onSuccess?.();
    },
    onError: (error) => toaster.error({ title: 'Error updating post', description: error.message }),
    onSettled: refresh,
  });
}

export function useDeleteInSeries({ onSettled }: { onSettled?: () => void } = {}) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: deleteInSeries,
    onSuccess: (_none, edit) => toaster.success({ title: edit.scope === 'this' ? 'Post deleted' : 'This and the following posts were deleted' }),
    onError: (error) => toaster.error({ title: "Couldn't delete", description: error.message }),
    onSettled: () => {
      onSettled?.();
      return refresh();
    },
  });
}
