import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WebhookDeliveryListSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookWithSecretSchema,
  type CreateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@shared/webhooks';
import * as z from 'zod';
import { api } from '@/lib/api-client';

/** Not under the workspace list's key: a workspace switch drops these with the rest of the old workspace's answers. */
const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

const path = (id: string, rest = '') => `/workspace/webhooks/${encodeURIComponent(id)}${rest}`;

export async function getWebhooks(): Promise<WebhookEndpoint[]> {
  const { items } = await api('/workspace/webhooks', { schema: WebhookEndpointListSchema });
  return items;
}

/** The current workspace's webhook endpoints, without their secrets (Admin and Owner). */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.all, queryFn: getWebhooks });
}

export async function getWebhookDeliveries(id: string): Promise<WebhookDelivery[]> {
  const { items } = await api(path(id, '/deliveries'), { schema: WebhookDeliveryListSchema });
  return items;
}

/** One endpoint's last deliveries, newest first; fetched only while its log is open. */
export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: () => getWebhookDeliveries(id), enabled });
}

function useEndpointMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const createWebhook = (body: CreateWebhookBody): Promise<WebhookWithSecret> =>
  api('/workspace/webhooks', { method: 'POST', body, schema: WebhookWithSecretSchema });

/** The answer carries the signing secret, shown this once: the list never has it. */
export const useCreateWebhook = () => useEndpointMutation(createWebhook);

export const deleteWebhook = (id: string): Promise<undefined> => api(path(id), { method: 'DELETE' });
export const useDeleteWebhook = () => useEndpointMutation(deleteWebhook);

export const enableWebhook = (id: string): Promise<WebhookEndpoint> => api(path(id, '/enable'), { method: 'POST', schema: WebhookEndpointSchema });
export const useEnableWebhook = () => useEndpointMutation(enableWebhook);

/** The old secret stops signing at once; the new one is in this answer only. */
export const rotateWebhookSecret = (id: string): Promise<WebhookWithSecret> =>
  api(path(id, '/rotate-secret'), { method: 'POST', schema: WebhookWithSecretSchema });
export const useRotateWebhookSecret = () => useEndpointMutation(rotateWebhookSecret);

const TestSentSchema = z.object({ event_id: z.string() });
export const sendWebhookTest = (id: string): Promise<{ event_id: string }> => api(path(id, '/test'), { method: 'POST', schema: TestSentSchema });

/** Queues a `webhook.test` event; its delivery shows in the log once it is stored. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
