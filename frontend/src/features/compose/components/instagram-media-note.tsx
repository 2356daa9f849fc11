import { Alert } from '@chakra-ui/react';
import { INSTAGRAM_NEEDS_MEDIA_MESSAGE } from '@shared/instagram';
import type { ComposeMedia } from '../hooks/use-media-uploads';
import { instagramProblemOf } from '../lib/instagram-checks';

/**
 * Under the Instagram caption: an attached image Instagram will refuse is named as soon as its
 * upload is confirmed, before the user saves. "Needs a photo" waits for the submit, so picking
 * Instagram before attaching anything is not met with an error.
 */
export function InstagramMediaNote({ items }: { items: readonly ComposeMedia[] }) {
  const problem = items.length > 0 ? instagramProblemOf(items) : null;
  if (!problem || problem === INSTAGRAM_NEEDS_MEDIA_MESSAGE) return null;
  return (
    <Alert.Root status="error" rounded="lg" data-testid="instagram-media-problem">
      <Alert.Indicator />
      <Alert.Description>{problem}</Alert.Description>
    </Alert.Root>
  );
}
