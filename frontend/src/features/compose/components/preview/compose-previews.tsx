import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import type { SocialAccount } from '@shared/accounts';
import type { CreatePostBody } from '@shared/post-bodies';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import type { ComposeMedia } from '../../hooks/use-media-uploads';
import { PlatformPreview } from './platform-preview';
import type { PreviewMedia } from './preview-rules';

/** The form's files as the previews show them: the local preview while uploading, then the stored file. */
export function previewMediaOf(items: readonly ComposeMedia[]): PreviewMedia[] {
  return items.map((item) => ({
    url: item.previewUrl ?? item.stored?.url ?? null,
    kind: item.kind,
    name: item.name,
    width: item.kind === 'video' ? (item.video?.width ?? null) : (item.stored?.width ?? null),
    height: item.kind === 'video' ? (item.video?.height ?? null) : (item.stored?.height ?? null),
    ...(item.kind === 'image' && item.altText?.trim() ? { altText: item.altText.trim() } : {}),
  }));
}

/**
 * The per-target extras another part of Compose sets: `first_comment` and,
 * for X, `thread` (the parts after the caption). Read loosely so the previews show them whenever the
 * target settings carry them.
 */
function extrasOf(settings: CreatePostBody['platforms'][number]['settings']): { firstComment?: string; thread?: string[] } {
  const s = (settings ?? {}) as Record<string, unknown>;
  const firstComment = typeof s.first_comment === 'string' ? s.first_comment : undefined;
  const thread = Array.isArray(s.thread) ? s.thread.filter((p): p is string => typeof p === 'string') : undefined;
  return { ...(firstComment ? { firstComment } : {}), ...(thread ? { thread } : {}) };
}

interface ComposePreviewsProps {
  platforms: readonly Platform[];
  /** The request body's targets (one per checked account); each platform previews its first. */
  targets: CreatePostBody['platforms'];
  accounts: readonly SocialAccount[];
  media: readonly ComposeMedia[];
  title: string;
}

/** "Preview": how each selected platform will render the post (docs/platforms.md#compose-previews). */
export function ComposePreviews({ platforms, targets, accounts, media, title }: ComposePreviewsProps) {
  if (platforms.length === 0) return null;
  const files = previewMediaOf(media);
  return (
    <Card.Root variant="outline" rounded="xl" bg="bg.panel" data-testid="compose-previews">
      <Card.Header pb="0">
        <Card.Title textStyle="md">Preview</Card.Title>
        <Card.Description textStyle="sm">How each platform will show this post: where the caption folds and how the first file is cropped.</Card.Description>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
          {platforms.map((platform) => {
            const target = targets.find((t) => t.platform === platform);
            const account = accounts.find((a) => a.id === target?.social_account_id);
            return (
              <PlatformPreview
                key={platform}
                platform={platform}
                accountName={account?.account_name ?? PLATFORM_NAMES[platform]}
                caption={target?.caption ?? ''}
                media={files}
                title={
                  platform === 'tiktok'
                    ? (target?.settings?.tiktok_photo_title ?? '')
                    : platform === 'pinterest'
                      ? (target?.settings?.pinterest_title ?? '')
                      : title
                }
                {...extrasOf(target?.settings)}
              />
            );
          })}
        </SimpleGrid>
        {platforms.some((p) => !targets.some((t) => t.platform === p)) ? (
          <Text textStyle="xs" color="fg.muted" mt="3">
            Tick an account under each platform to see its name here.
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
