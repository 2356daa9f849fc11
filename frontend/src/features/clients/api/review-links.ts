import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreatedReviewLinkSchema, ReviewLinkListSchema, type CreatedReviewLink, type CreateReviewLinkBody, type ReviewLink } from '@shared/review-links';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/api/clients';

const linkKeys = (clientId: string) => [...clientKeys.all, clientId, 'review-links'] as const;

export async function getReviewLinks(clientId: string): Promise<ReviewLink[]> {
  const { items } = await api(`/clients/${encodeURIComponent(clientId)}/review-links`, { schema: ReviewLinkListSchema });
  return items;
}

/** The client's working review links (Editor and above). */
export function useReviewLinks(clientId: string) {
  return useQuery({ queryKey: linkKeys(clientId), queryFn: () => getReviewLinks(clientId) });
}

export function createReviewLink(clientId: string, body: CreateReviewLinkBody): Promise<CreatedReviewLink> {
  return api(`/clients/${encodeURIComponent(clientId)}/review-links`, { method: 'POST', body, schema: CreatedReviewLinkSchema });
}

/** The answer carries the link's URL, shown this once: the list never has it. */
export function useCreateReviewLink(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewLinkBody) => createReviewLink(clientId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkKeys(clientId) }),
  });
}

export function revokeReviewLink(clientId: string, linkId: string): Promise<undefined> {
  return api(`/clients/${encodeURIComponent(clientId)}/review-links/${encodeURIComponent(linkId)}`, { method: 'DELETE' });
}

export function useRevokeReviewLink(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokeReviewLink(clientId, linkId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkKeys(clientId) }),
  });
}
