import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { CLIENT_MSG } from '@shared/client-rules';
import { toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/api/clients';

export function deleteClient(id: string): Promise<undefined> {
  return api(`/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * How long "Client deleted" offers Undo before the DELETE is sent (the spec deletes a
 * client without confirmation, so the one click stays, with a way back). Until then nothing has
 * left the browser, so Undo restores exactly what was there; closing the tab in that window keeps
 * the client. Tests shorten it.
 */
export const undoWindow = { ms: 6000 };

// Deletions waiting out their undo window, kept outside React so leaving the page does not cancel them.
const pending = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<string> = new Set();

function changed() {
  snapshot = new Set(pending.keys());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ids of clients deleted but still undoable: the list hides them meanwhile. */
export function usePendingClientDeletes(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => snapshot);
}

async function send(queryClient: QueryClient, id: string) {
  try {
    await deleteClient(id);
    // The client's posts lose their assignment on the server, so post data is refetched too.
    void queryClient.invalidateQueries({ queryKey: ['posts'] });
  } catch (error) {
    // docs/product-rules.md#messages-and-errors: a failed client delete has no toast; the client simply shows again after the refetch.
    console.error('Delete client failed', error);
  } finally {
    pending.delete(id);
    changed();
    await queryClient.invalidateQueries({ queryKey: clientKeys.all });
  }
}

/** docs/product-rules.md#messages-and-errors: 'Client deleted', with Undo for `undoWindow.ms`; the DELETE goes when the window closes. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useCallback(
    (client: { id: string; name: string }) => {
      if (pending.has(client.id)) return;
      // The toast first, so the timer below knows which one to close.
      const toastId = toaster.create({
        type: 'success',
        title: CLIENT_MSG.deleted,
        description: client.name,
        duration: undoWindow.ms,
        action: {
          label: 'Undo',
          onClick: () => {
            const timer = pending.get(client.id);
            if (timer === undefined) return;
            clearTimeout(timer);
            pending.delete(client.id);
            changed();
          },
        },
      });
      pending.set(
        client.id,
        setTimeout(() => {
          // A toast kept open by the pointer must not offer an Undo that can no longer work.
          toaster.dismiss(toastId);
          void send(queryClient, client.id);
        }, undoWindow.ms),
      );
      changed();
    },
    [queryClient],
  );
}
