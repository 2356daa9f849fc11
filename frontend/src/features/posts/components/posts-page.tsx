import { Button, HStack, Stack, Tabs } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuFileUp } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router-dom';
import { POST_TABS, type PostTabId } from '@shared/statuses';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ClientSelect } from '@/components/client-select';
import { useCurrentWorkspace, useResetToWorkspace } from '@/lib/api/workspaces';
import { useUrlTab } from '@/lib/use-url-tab';
import { usePost } from '../api/get-post';
import { usePostCounts } from '../api/get-post-counts';
import { PostEditorContext, type RenderPostEditor } from './post-editor';
import { PostList } from './post-list';

const TAB_IDS: readonly PostTabId[] = POST_TABS.map((t) => t.id);

/**
 * /home/posts (docs/product-rules.md#posts-list): one tab per status group, with counts; the open tab's list refreshes every 15 s.
 * `renderEditor` renders the form the Edit Post dialog shows (the app passes Compose's).
 */
/**
 * A link from a notice or an approval e-mail: `?workspace=` switches there first (when it is one of
 * the person's), then `?post=` opens the tab the post is in now and marks its card.
 */
function useLinkedPost(): string | null {
  const [params, setParams] = useSearchParams();
  const { workspace, workspaces } = useCurrentWorkspace();
  const resetTo = useResetToWorkspace();
  const wantedWorkspace = params.get('workspace');
  const postId = params.get('post');
  useEffect(() => {
    if (!wantedWorkspace || !workspaces) return;
    if (workspace?.id !== wantedWorkspace && workspaces.some((w) => w.id === wantedWorkspace)) resetTo(wantedWorkspace);
    // Dropped once acted on, so the top bar's later switch is not undone by this page.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('workspace');
        return next;
      },
      { replace: true },
    );
  }, [wantedWorkspace, workspace, workspaces, resetTo, setParams]);
  // Read only in the workspace the link names, or a post of another workspace would read as not found.
  const post = usePost(wantedWorkspace ? null : postId);
  const status = post.data?.status;
  const tabNow = params.get('tab');
  useEffect(() => {
    if (!status || !postId) return;
    const home = POST_TABS.find((t) => (t.statuses as readonly string[]).includes(status))?.id;
    if (home && home !== tabNow) setParams({ tab: home, post: postId }, { replace: true });
  }, [status, postId, tabNow, setParams]);
  return postId;
}

export function PostsPage({ renderEditor }: { renderEditor: RenderPostEditor }) {
  const [tab, setTab] = useUrlTab(TAB_IDS, 'scheduled');
  const linkedPost = useLinkedPost();
  // Agency mode: filter the lists and their tab counts by client ('' = all).
  const [clientId, setClientId] = useState('');
  const counts = usePostCounts(clientId);

  return (
    <PostEditorContext value={renderEditor}>
      <Stack gap="6">
        <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
          <PageHeader title="Posts" description="Everything you have scheduled, published, drafted, or that needs attention." />
          {/* Bulk import (docs/bulk-import.md): many posts from one CSV file. */}
          <Button asChild variant="outline">
            <Link to={paths.app.import.getHref()}>
              <LuFileUp /> Import CSV
            </Link>
          </Button>
        </HStack>
        <ClientSelect value={clientId} onChange={setClientId} emptyLabel="All clients" />
        <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} lazyMount unmountOnExit variant="line" colorPalette="brand">
          {/* The tabs share the width on a phone (a scrolled-away Failed tab gave no hint it was there). */}
          <Tabs.List>
            {POST_TABS.map((t) => {
              const count = counts.data?.[t.id];
              return (
                <Tabs.Trigger
                  key={t.id}
                  value={t.id}
                  flex={{ base: '1', sm: 'initial' }}
                  minW="0"
                  px={{ base: '1', sm: '4' }}
                  textStyle={{ base: 'xs', sm: 'sm' }}
                  whiteSpace="nowrap"
                  justifyContent="center"
                >
                  {count === undefined ? t.label : `${t.label} (${count})`}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {POST_TABS.map((t) => (
            <Tabs.Content key={t.id} value={t.id} pt="5">
              <PostList tab={t.id} empty={t.empty} clientId={clientId} linkedPostId={linkedPost} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
    </PostEditorContext>
  );
}
