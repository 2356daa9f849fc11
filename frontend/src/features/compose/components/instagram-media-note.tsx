import type { ComposeMedia } from '../hooks/use-media-uploads';
import { MediaRuleNote } from './media-rule-note';

/**
 * Under the Instagram caption: an attached image Instagram will refuse is named as soon as its
 * upload is confirmed. Kept for callers outside compose; compose uses MediaRuleNote for every platform.
 */
export function InstagramMediaNote({ items }: { items: readonly ComposeMedia[] }) {
  return <MediaRuleNote platform="instagram" items={items} attempted={false} />;
}
