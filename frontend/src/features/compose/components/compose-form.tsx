import { Alert, Button, Card, Grid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LuSparkles } from 'react-icons/lu';
import { MSG } from '@shared/messages';
import type { SocialAccount } from '@shared/accounts';
import type { Post } from '@shared/posts';
import type { CreatePostBody } from '@shared/post-bodies';
import { PLAN_LIMIT_CODE } from '@shared/entitlements';
import { mediaRuleProblems } from '@shared/media-rules';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { PlatformPicker } from '@/components/platform-picker';
import { ClientSelect } from '@/components/client-select';
import { isApiError } from '@/lib/api-error';
import { useCreatePost } from '../api/create-post';
import { useAddToQueue } from '../api/add-to-queue';
import { AddToQueueButton, isQueueSubmit, QUEUED_BUT_CANNOT_PUBLISH, queuedTitle } from './add-to-queue-button';
import { useLimitConfirmation } from '../hooks/use-limit-confirmation';
import { useDisconnectedAccounts } from '../hooks/use-disconnected-accounts';
import { clearLocalDraft, hasWork, loadLocalDraft, saveLocalDraft } from '../lib/local-draft';
import { LeaveGuard } from './leave-guard';
import { useMediaUploads } from '../hooks/use-media-uploads';
import { useBestTimes } from '../api/best-times';
import { buildCreatePostBody, connectedByPlatform, EMPTY_DRAFT, firstProblem, orderedPlatforms, type ComposeDraft } from '../lib/build-post';
import { draftFromPost } from '../lib/draft-from-post';
import { isTikTokPhotoPost, mediaFactsOf, mediaRuleOptionsOf } from '../lib/media-rules';
import { MediaRuleNote } from './media-rule-note';
import { MediaUploader } from './media-uploader';
import { LinkedInDocumentTitle } from './linkedin-document-title';
import { XOptions, YoutubeShortsOptions } from './platform-options';
import { FollowUpFields } from './follow-up-fields';
import { PlatformSection } from './platform-section';
import { PublishNowButton } from './publish-now-button';
import { ScheduleCard } from './schedule-card';
import { useNeedsApproval } from '@/lib/api/approvals';
import { RepeatControl, repeatProblem } from './repeat-control';
import type { RepeatInput } from '@shared/recurrence';
import { ConnectionFlags, connectionProblemsAt, LimitWarnings, scheduledIsoOrNull } from './schedule-checks';
import { TiktokOptions } from './tiktok-options';
import { PinterestOptions } from './pinterest-options';
import { ComposePreviews } from './preview/compose-previews';

interface ComposeFormProps {
  accounts: SocialAccount[];
  zone: string;
  now?: () => Date;
  /**
   * Edit mode: the form starts from this saved post, and a valid submit goes to
   * `edit.onSubmit` (the Edit Post dialog saves it with PATCH) instead of creating a post.
   */
  edit?: { post: Post; onSubmit: (body: CreatePostBody) => void; saving: boolean };
  /** The signed-in user's id: a new post's unsaved work is kept in this browser under it until saved or discarded. */
  draftUserId?: string;
}

function upgradeText(error: unknown): string | null {
  if (!isApiError(error) || error.code !== PLAN_LIMIT_CODE) return null;
  const details = error.details as { upgrade?: unknown } | undefined;
  return typeof details?.upgrade === 'string' && details.upgrade ? details.upgrade : null;
}

/** The Create Post form (docs/product-rules.md#compose): editor on the left, media and schedule on the right. */
export function ComposeForm({ accounts, zone, now = () => new Date(), edit, draftUserId }: ComposeFormProps) {
  // A new post's unsaved work is kept in this browser per user; an edit is not.
  const keepFor = edit ? undefined : draftUserId;
  const [restored] = useState(() => (keepFor ? loadLocalDraft(keepFor) : null));
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [discarding, setDiscarding] = useState(false);
  const [draft, setDraft] = useState<ComposeDraft>(() => (edit ? draftFromPost(edit.post, zone) : (restored?.draft ?? EMPTY_DRAFT)));
  const [planLimit, setPlanLimit] = useState<{ message: string; upgrade: string } | null>(null);
  /** The user tried to save: each platform's "needs a video/photo" shows under it from then on. */
  const [attempted, setAttempted] = useState(false);
  /** Repeat (recurring posts): a new post only; an occurrence's series is edited from its card. */
  const [repeat, setRepeat] = useState<RepeatInput | null>(() => (edit ? null : (restored?.repeat ?? null)));
  const uploads = useMediaUploads(edit?.post.media, restored?.media);
  const bestTimes = useBestTimes();
  // A time sends the post for approval instead of scheduling it (docs/approvals.md).
  const needsApproval = useNeedsApproval();
  const unsaved = !edit && hasWork(draft, uploads.items);
  useEffect(() => {
    if (keepFor) saveLocalDraft(keepFor, draft, uploads.items, repeat);
  }, [keepFor, draft, uploads.items, repeat]);
  const createPost = useCreatePost();
  const addToQueue = useAddToQueue();
  const limits = useLimitConfirmation();

  const groups = connectedByPlatform(accounts);
  const connected = orderedPlatforms((Object.keys(groups) as Platform[]).filter((p) => groups[p].length > 0));
  const selected = orderedPlatforms(draft.platforms);
  // An account disconnected elsewhere leaves the selection, and the form says so.
  const disconnected = useDisconnectedAccounts(draft, accounts, setDraft);
  const targetCount = selected.reduce((sum, p) => sum + (draft.accountIds[p]?.length ?? 0), 0);

  const patch = (change: Partial<ComposeDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setTiktokProblem = useCallback(
    (tiktokProblem: string | null) => setDraft((current) => (current.tiktokProblem === tiktokProblem ? current : { ...current, tiktokProblem })),
    [],
  );

  function selectPlatforms(platforms: Platform[]) {
    disconnected.clearNotes();
    setDraft((current) => {
      const accountIds = { ...current.accountIds };
      // A newly selected platform posts from its newest account; more can be ticked below.
      for (const p of platforms) if (!accountIds[p]?.length && groups[p][0]) accountIds[p] = [groups[p][0].id];
      return { ...current, platforms, accountIds };
    });
  }

  /** "Discard" on a restored draft: its uploaded files are deleted too; a file that could not be is kept, with the draft. */
  async function discardDraft() {
    setDiscarding(true);
    const allDeleted = await uploads.discardUploads();
    setDiscarding(false);
    if (!allDeleted) {
      toaster.error({ title: "Couldn't discard the draft", description: 'Some files could not be deleted. Please try again.' });
      return;
    }
    setDraft(EMPTY_DRAFT);
    setRepeat(null);
    setAttempted(false);
    limits.reset();
    setShowRestored(false);
    if (keepFor) clearLocalDraft(keepFor);
    toaster.success({ title: 'Draft discarded' });
  }

  /** The post to send, or null after saying what stops it: Schedule / Save Draft, Add to queue and Publish now (no time) share it. */
  function checkedBody(scheduleLocal = draft.scheduleLocal): CreatePostBody | null {
    const body = {
      ...buildCreatePostBody({ ...draft, scheduleLocal, platforms: selected, mediaIds: uploads.mediaIds, mediaAlt: uploads.mediaAlt }, zone),
      ...(repeat && !edit && !needsApproval ? { repeat } : {}),
    };
    const tooLong = selected.includes('tiktok') ? draft.tiktokProblem : null;
    // Each platform's media rules, the same the API applies (shared/media-rules.ts); shown under each platform.
    const [media] = mediaRuleProblems(selected, mediaFactsOf(uploads.items), mediaRuleOptionsOf(draft.tiktok, draft.title));
    setAttempted(true);
    const problem =
      firstProblem(body, selected, connected, now()) ??
      (tooLong ? { title: 'Video too long', message: tooLong } : null) ??
      (media ? { title: `Not accepted by ${PLATFORM_NAMES[media.platform]}`, message: media.message } : null) ??
      repeatProblem(edit || needsApproval ? null : repeat, body);
    if (problem) {
      toaster.error({ title: problem.title, description: problem.message });
      return null;
    }
    return body;
  }

  /** The form starts over once the post is saved (created, or sent by Publish now). */
  function startOver() {
    limits.reset();
    setAttempted(false);
    setShowRestored(false);
    if (keepFor) clearLocalDraft(keepFor);
    setDraft(EMPTY_DRAFT);
    setRepeat(null);
    uploads.reset();
  }

  function showSaveError(error: Error, title = 'Error creating post') {
    const upgrade = upgradeText(error);
    if (upgrade) setPlanLimit({ message: error.message, upgrade });
    toaster.error({ title, description: upgrade ? `${error.message} ${upgrade}` : error.message });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (createPost.isPending || addToQueue.isPending || edit?.saving || uploads.uploading || limits.checking) return;
    const toQueue = !edit && isQueueSubmit(event);
    const body = checkedBody();
    if (!body) return;
    // An edit is saved by its dialog; the API returns any platform-limit warnings with the saved post.
    if (edit) return edit.onSubmit(body);
    // Over a platform's cap at that time: say so and save only when the user submits again.
    if (!toQueue && !(await limits.mayProceed(body))) return;
    setPlanLimit(null);
    (toQueue ? addToQueue : createPost).mutate(body, {
      onSuccess: (post) => {
        toaster.success({
          title: toQueue ? queuedTitle(post.scheduled_at, zone) : post.status === 'pending_approval' ? 'Submitted for approval' : 'Post created successfully!',
        });
        // The queue chose the time, so the flags under the schedule field never saw it: say now what
        // the Posts card will say about an account that cannot publish then.
        if (toQueue) {
          const accountIds = post.platforms.map((target) => target.social_account_id);
          for (const problem of connectionProblemsAt({ accounts, accountIds, scheduledAt: post.scheduled_at })) {
            toaster.warning({ title: QUEUED_BUT_CANNOT_PUBLISH, description: problem.message });
          }
        }
        startOver();
      },
      onError: (error) => showSaveError(error, toQueue ? "Couldn't add to the queue" : undefined),
    });
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={edit ? 'Edit Post' : 'Create Post'}>
      {edit ? null : <LeaveGuard when={unsaved} />}
      {showRestored ? (
        <Alert.Root status="info" rounded="xl" mb="6" data-testid="draft-restored">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Draft restored</Alert.Title>
            <Alert.Description>Your unsaved post was kept in this browser.</Alert.Description>
            {restored?.notKept.length ? (
              <Alert.Description data-testid="draft-not-kept">
                Not kept (still uploading when you left): {restored.notKept.join(', ')}. Add {restored.notKept.length === 1 ? 'it' : 'them'} again.
              </Alert.Description>
            ) : null}
          </Alert.Content>
          <Button size="sm" variant="outline" alignSelf="center" loading={discarding} onClick={() => void discardDraft()}>
            Discard
          </Button>
        </Alert.Root>
      ) : null}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 380px)' }} gap="6" alignItems="start">
        <Stack gap="6" minW="0">
          <Card.Root variant="outline" rounded="xl" bg="bg.panel">
            <Card.Header pb="0">
              <Card.Title textStyle="md">Where to post</Card.Title>
              <Card.Description textStyle="sm">Pick one or more platforms. Each gets its own caption.</Card.Description>
            </Card.Header>
            <Card.Body>
              <PlatformPicker
                connected={connected}
                selected={selected}
                onChange={selectPlatforms}
                error={attempted && selected.length === 0 ? MSG.selectPlatform : undefined}
              />
              {disconnected.notes.length > 0 ? (
                <Alert.Root status="warning" rounded="lg" mt="4" data-testid="disconnected-note" role="status">
                  <Alert.Indicator />
                  <Alert.Content>
                    {disconnected.notes.map((note) => (
                      <Alert.Description key={note}>{note}</Alert.Description>
                    ))}
                  </Alert.Content>
                </Alert.Root>
              ) : null}
            </Card.Body>
          </Card.Root>

          {selected.length === 0 ? (
            <Card.Root variant="outline" rounded="xl" borderStyle="dashed" bg="transparent">
              <Card.Body alignItems="center" textAlign="center" py="10" gap="2" color="fg.muted">
                <LuSparkles aria-hidden />
                <Text textStyle="sm">Select a platform above to write its caption.</Text>
              </Card.Body>
            </Card.Root>
          ) : (
            selected.map((platform) => (
              <PlatformSection
                key={platform}
                platform={platform}
                accounts={groups[platform]}
                checkedIds={draft.accountIds[platform] ?? []}
                onCheckedIdsChange={(ids) => patch({ accountIds: { ...draft.accountIds, [platform]: ids } })}
                caption={draft.captions[platform] ?? ''}
                onCaptionChange={(caption) => patch({ captions: { ...draft.captions, [platform]: caption } })}
                after={<FollowUpFields platform={platform} draft={draft} patch={patch} accounts={groups[platform]} />}
              >
                {platform === 'youtube' ? <YoutubeShortsOptions title={draft.title} onTitleChange={(title) => patch({ title })} attempted={attempted} /> : null}
                {platform === 'tiktok' ? (
                  <TiktokOptions
                    accountIds={draft.accountIds.tiktok ?? []}
                    settings={draft.tiktok}
                    onChange={(tiktok) => patch({ tiktok })}
                    videoSources={uploads.items.filter((m) => m.kind === 'video').flatMap((m) => m.previewUrl ?? m.stored?.url ?? [])}
                    onBlockingProblem={setTiktokProblem}
                    photoSources={isTikTokPhotoPost(uploads.items) ? uploads.items.map((m) => m.previewUrl ?? m.stored?.url ?? '') : []}
                  />
                ) : null}
                {platform === 'x' ? <XOptions /> : null}
                {platform === 'linkedin' && uploads.items.some((m) => m.kind === 'document') ? (
                  <LinkedInDocumentTitle title={draft.title} onTitleChange={(title) => patch({ title })} attempted={attempted} />
                ) : null}
                {platform === 'pinterest' ? (
                  <PinterestOptions
                    accounts={groups.pinterest.filter((a) => (draft.accountIds.pinterest ?? []).includes(a.id))}
                    value={draft.pinterest ?? {}}
                    onChange={(pinterest) => patch({ pinterest })}
                    attempted={attempted}
                  />
                ) : null}
                <MediaRuleNote platform={platform} items={uploads.items} attempted={attempted} options={mediaRuleOptionsOf(draft.tiktok, draft.title)} />
              </PlatformSection>
            ))
          )}
          <ComposePreviews
            platforms={selected}
            targets={buildCreatePostBody({ ...draft, platforms: selected, scheduleLocal: '' }, zone).platforms}
            accounts={accounts}
            media={uploads.items}
            title={draft.title}
          />
        </Stack>

        <Stack gap="6" minW="0" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
          <ClientSelect value={draft.clientId} onChange={(clientId) => patch({ clientId })} emptyLabel="No client" maxW="full" />
          <MediaUploader uploads={uploads} platforms={selected} documents={selected.includes('linkedin')} />
          <ScheduleCard
            zone={zone}
            value={draft.scheduleLocal}
            onChange={(scheduleLocal) => patch({ scheduleLocal })}
            now={now()}
            platforms={selected}
            targetCount={targetCount}
            mediaCount={uploads.items.length}
            uploading={uploads.uploading}
            submitting={createPost.isPending || limits.checking || !!edit?.saving}
            bestTimes={bestTimes}
            needsApproval={needsApproval}
            repeat={edit || needsApproval ? undefined : <RepeatControl value={repeat} onChange={setRepeat} scheduleLocal={draft.scheduleLocal} />}
          />
          {/* The queue, "Publish now" and repeating posts schedule directly, so not for posts that need approval. */}
          {edit || needsApproval ? null : <AddToQueueButton submitting={addToQueue.isPending} disabled={uploads.uploading || createPost.isPending} />}
          {edit || needsApproval ? null : (
            <PublishNowButton
              accounts={accounts}
              prepare={() => {
                setPlanLimit(null);
                return checkedBody('');
              }}
              disabled={uploads.uploading || createPost.isPending || addToQueue.isPending || limits.checking}
              onPublished={startOver}
              onError={(error) => showSaveError(error)}
            />
          )}
          <LimitWarnings warnings={limits.warnings} zone={zone} onCancel={limits.reset} />
          <ConnectionFlags
            accounts={accounts}
            accountIds={selected.flatMap((p) => draft.accountIds[p] ?? [])}
            scheduledAt={scheduledIsoOrNull(draft.scheduleLocal, zone)}
          />
          {planLimit ? (
            <Alert.Root status="warning" rounded="xl" data-testid="plan-limit-alert">
              <Alert.Indicator />
              <Alert.Content gap="2">
                <Alert.Title>{planLimit.message}</Alert.Title>
                <Alert.Description>{planLimit.upgrade}</Alert.Description>
                <Button asChild size="sm" colorPalette="brand" alignSelf="start">
                  <Link to={paths.app.subscription.getHref()}>View plans</Link>
                </Button>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </Stack>
      </Grid>
    </form>
  );
}
