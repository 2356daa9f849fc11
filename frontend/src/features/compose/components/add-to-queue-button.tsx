import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { LuListPlus } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatInZone } from '@/lib/time';

/** The submit value that tells the form's submit handler to queue the post rather than schedule it. */
export const QUEUE_INTENT = 'queue';

/** Whether the form was submitted with "Add to queue". */
export const isQueueSubmit = (event: { nativeEvent: Event }) =>
  ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value === QUEUE_INTENT;

/** The warning toast's title when an account cannot publish at the time the queue chose. */
export const QUEUED_BUT_CANNOT_PUBLISH = 'An account cannot publish at this queue time';

/** The success toast: when the queue placed the post, in the user's timezone. */
export const queuedTitle = (at: string | null, zone: string) =>
  at ? `Added to the queue for ${formatInZone(at, zone, 'EEE, MMM d, h:mm a')}` : 'Added to the queue';

/**
 * "Add to queue" beside Schedule: submits the same form, so the post is checked the
 * same way; the server puts it in the earliest posting time free on every selected account (or, in
 * agency mode, in its client's next free time when the client has a week of its own).
 */
export function AddToQueueButton({ submitting, disabled }: { submitting: boolean; disabled: boolean }) {
  return (
    <Stack gap="1.5">
      <Button
        type="submit"
        name="intent"
        value={QUEUE_INTENT}
        variant="outline"
        bg="bg.panel"
        size="lg"
        w="full"
        loading={submitting}
        loadingText="Adding…"
        disabled={disabled}
      >
        <LuListPlus /> Add to queue
      </Button>
      <Text textStyle="xs" color="fg.muted" textAlign="center">
        Goes out at the next free time on the{' '}
        <ChakraLink asChild colorPalette="brand" variant="underline">
          <Link to={paths.app.queue.getHref()}>Queue</Link>
        </ChakraLink>{' '}
        of the selected accounts, or of the post’s client when it has its own times.
      </Text>
    </Stack>
  );
}
