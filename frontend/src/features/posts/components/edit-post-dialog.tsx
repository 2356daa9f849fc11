import { Button, chakra, CloseButton, Dialog, Field, HStack, Input, Portal, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendarX } from 'react-icons/lu';
import { captionLength, captionProblem } from '@shared/compose';
import { CAPTION_LIMITS, PLATFORM_NAMES } from '@shared/platforms';
import { SCHEDULED_IN_PAST_MESSAGE, type Post } from '@shared/posts';
import { UI } from '@shared/ui';
import { toaster } from '@/components/ui/toaster';
import { formatInZone, localInputToIso, zoneLabel } from '@/lib/time';
import { useUpdatePost } from '../api/update-post';

interface EditPostDialogProps {
  post: Post;
  zone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The form's starting values: the post's time as the user's zone reads it, else no date and 12:00. */
function initialSchedule(post: Post, zone: string): { date: string; time: string } {
  if (!post.scheduled_at) return { date: '', time: UI.defaultEditTime };
  return { date: formatInZone(post.scheduled_at, zone, 'yyyy-MM-dd'), time: formatInZone(post.scheduled_at, zone, 'HH:mm') };
}

function EditPostForm({ post, zone, onDone }: { post: Post; zone: string; onDone: () => void }) {
  const [schedule, setSchedule] = useState(() => initialSchedule(post, zone));
  const [captions, setCaptions] = useState<Record<string, string>>(() =>
    Object.fromEntries(post.platforms.map((t) => [t.id, t.caption])),
  );
  const update = useUpdatePost({ onSuccess: onDone });
  // Past days are greyed out in the picker: "today" is the user's zone's today, not the browser's.
  const today = formatInZone(new Date(), zone, 'yyyy-MM-dd');

  function save() {
    for (const target of post.platforms) {
      const problem = captionProblem(target.platform, captions[target.id] ?? '');
      if (problem) {
        toaster.error({ title: problem.title, description: problem.message });
        return;
      }
    }
    let scheduledAt: string | null = null;
    if (schedule.date) {
      scheduledAt = localInputToIso(`${schedule.date}T${schedule.time || UI.defaultEditTime}`, zone);
      if (Date.parse(scheduledAt) <= Date.now()) {
        toaster.error({ title: 'Error updating post', description: SCHEDULED_IN_PAST_MESSAGE });
        return;
      }
    }
    update.mutate({
      id: post.id,
      body: { scheduled_at: scheduledAt, platforms: post.platforms.map((t) => ({ id: t.id, caption: captions[t.id] ?? '' })) },
    });
  }

  return (
    // display: contents keeps Body and Footer direct flex children of Content, so the body scrolls alone.
    <chakra.form
      display="contents"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Dialog.Body>
        <Stack gap="6">
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <Field.Root>
                <Field.Label>Date</Field.Label>
                <Input
                  type="date"
                  min={today}
                  value={schedule.date}
                  onChange={(e) => setSchedule((s) => ({ ...s, date: e.target.value }))}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Time</Field.Label>
                <Input type="time" value={schedule.time} onChange={(e) => setSchedule((s) => ({ ...s, time: e.target.value }))} />
              </Field.Root>
            </SimpleGrid>
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Text textStyle="xs" color="fg.muted">
                {schedule.date
                  ? `Will post at ${schedule.time || UI.defaultEditTime} in ${zoneLabel(zone)} timezone`
                  : 'Not scheduled: the post is kept as a draft.'}
              </Text>
              {schedule.date ? (
                <Button size="xs" variant="ghost" onClick={() => setSchedule((s) => ({ ...s, date: '' }))}>
                  <LuCalendarX /> Clear schedule
                </Button>
              ) : null}
            </HStack>
          </Stack>

          {post.platforms.map((target) => {
            const caption = captions[target.id] ?? '';
            const length = captionLength(target.platform, caption);
            const limit = CAPTION_LIMITS[target.platform];
            return (
              <Field.Root key={target.id} invalid={length > limit}>
                <Field.Label>{`${target.account_name} · ${PLATFORM_NAMES[target.platform]}`}</Field.Label>
                <Textarea
                  value={caption}
                  onChange={(e) => setCaptions((c) => ({ ...c, [target.id]: e.target.value }))}
                  autoresize
                  minH="24"
                  maxH="60"
                />
                <Field.HelperText alignSelf="flex-end" color={length > limit ? 'fg.error' : 'fg.muted'}>
                  {`${length}/${limit}`}
                </Field.HelperText>
              </Field.Root>
            );
          })}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" disabled={update.isPending}>
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={update.isPending}>
          Save Changes
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}

/** Edit a scheduled post or a draft: its time (or none, for a draft) and each target's caption. */
export function EditPostDialog({ post, zone, open, onOpenChange }: EditPostDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      // Exact breakpoints: with `base: 'full'` the full-screen size leaked into md and up, so the
      // dialog filled the window's height with a gap above its buttons (issue 17.15).
      size={{ mdDown: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Edit Post</Dialog.Title>
            </Dialog.Header>
            <EditPostForm post={post} zone={zone} onDone={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
