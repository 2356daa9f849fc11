import { Alert } from '@chakra-ui/react';
import type { MediaRuleOptions } from '@shared/media-rules';
import type { Platform } from '@shared/platforms';
import type { ComposeMedia } from '../hooks/use-media-uploads';
import { mediaProblemOf } from '../lib/media-rules';

interface MediaRuleNoteProps {
  platform: Platform;
  items: readonly ComposeMedia[];
  /** The user tried to save: "needs a video/photo" shows too, not only a problem with an attached file. */
  attempted: boolean;
  /** The deployment's and the target's rule options (TikTok photo posts). */
  options?: MediaRuleOptions;
}

/**
 * Under a platform's caption: why that platform would refuse the attached files (shared/media-rules.ts,
 * the rules the API applies). A file it cannot take is named as soon as it is attached; a missing
 * photo or video waits for the first try to save, so picking a platform first is not met with an error.
 */
export function MediaRuleNote({ platform, items, attempted, options }: MediaRuleNoteProps) {
  const problem = items.length > 0 || attempted ? mediaProblemOf(platform, items, options) : null;
  if (!problem) return null;
  return (
    <Alert.Root status="error" rounded="lg" data-testid={`${platform}-media-problem`}>
      <Alert.Indicator />
      <Alert.Description>{problem}</Alert.Description>
    </Alert.Root>
  );
}
