import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLIENT_MSG } from '@shared/clients';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

export function deleteClient(id: string): Promise<undefined> {
  return api(`/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Spec §8: 'Client deleted'; a failure has no toast (spec) and is only logged. The client's posts
 * lose their assignment on the server, so post data is refetched too.
 */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => {
      toaster.success({ title: CLIENT_MSG.deleted });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
    onError: (error) => console.error('Delete client failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
