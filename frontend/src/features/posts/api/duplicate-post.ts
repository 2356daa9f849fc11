import type { DuplicatePostResponse } from '@shared/posts';
import { toaster } from '@/components/ui/toaster';
import { useToastedMutation } from '@/components/use-toasted-mutation';
import { api } from '@/lib/api-client';
import { targetNames } from '@/lib/target-names';
import { postKeys } from './query-keys';

/** POST /posts/{id}/duplicate: a new draft with the post's content and its own copies of the media. */
export function duplicatePost(id: string): Promise<DuplicatePostResponse> {
  return api(`/posts/${encodeURIComponent(id)}/duplicate`, {
    method: 'POST',
    schema: () => import('@shared/posts').then((m) => m.DuplicatePostResponseSchema),
  });
}

/** "Left out X (@old): Please connect…": each account the copy could not keep, and why. */
export function leftOutText({ left_out }: Pick<DuplicatePostResponse, 'left_out'>): string {
  return left_out.map((t) => `Left out ${targetNames([t])}: ${t.reason}`).join(' ');
}

/** The copy lands in Drafts: every post list and count refetch. Opening it for editing is the caller's. */
export function useDuplicatePost() {
  return useToastedMutation({
    mutationFn: duplicatePost,
    success: (copy) => {
      const leftOut = leftOutText(copy);
      const title = 'Duplicated as a new draft';
      if (leftOut) toaster.warning({ title, description: leftOut });
      else toaster.success({ title, description: 'Edit it, then schedule it or publish it.' });
    },
    failure: "Couldn't duplicate the post",
    invalidates: postKeys.all,
  });
}
