import { Badge, Box, Circle, HStack, Stack, Text } from '@chakra-ui/react';
import { LuFileText, LuFilm, LuImage } from 'react-icons/lu';
import { takesAltText } from '@shared/alt-text';
import { firstCommentIsReply, supportsThread } from '@shared/follow-ups';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import { foldCaption, isCarousel, isTikTokPhotos, previewCrop, type PreviewMedia } from './preview-rules';

export interface PlatformPreviewProps {
  platform: Platform;
  accountName: string;
  caption: string;
  media: readonly PreviewMedia[];
  /** YouTube's title (and a TikTok photo post's, and a pin's), shown above the description. */
  title?: string;
  /** The first comment (X: the first reply) posted right after the post, when set. */
  firstComment?: string;
  /** X: the thread's parts after the first (the caption is part 1), when set. */
  thread?: readonly string[];
}

/** A LinkedIn document post: the document's title over a page-shaped card, as LinkedIn shows a PDF carousel. */
function DocumentCard({ platform, document, title }: { platform: Platform; document: PreviewMedia; title: string | undefined }) {
  const label = title?.trim() || document.name || 'Document';
  return (
    <Stack gap="0" borderTopWidth="1px" borderBottomWidth="1px" borderColor="border.muted" data-testid={`preview-document-${platform}`}>
      <HStack px="3" py="2" gap="2" bg="bg.subtle">
        <LuFileText aria-hidden />
        <Text textStyle="sm" fontWeight="semibold" truncate>
          {label}
        </Text>
      </HStack>
      <Box
        role="img"
        aria-label={`Document: ${label}, shown page by page`}
        aspectRatio={4 / 5}
        maxH="320px"
        w="full"
        bg="bg.muted"
        color="fg.muted"
        display="flex"
        alignItems="center"
        justifyContent="center"
      >
        <LuFileText size={40} aria-hidden />
      </Box>
    </Stack>
  );
}

function FirstFrame({ platform, media, title }: { platform: Platform; media: readonly PreviewMedia[]; title?: string | undefined }) {
  if (media[0]?.kind === 'document') return <DocumentCard platform={platform} document={media[0]} title={title} />;
  const crop = previewCrop(platform, media);
  if (!crop) return null;
  const first = media[0];
  const what = first.kind === 'video' ? 'video' : 'image';
  // TikTok photo posts show each photo whole on a dark screen, swiped one by one.
  const photoPost = isTikTokPhotos(platform, media);
  // The description goes out only where the network takes one; there it is what a screen reader says.
  const alt = takesAltText(platform) && first.kind === 'image' ? (first.altText ?? '') : '';
  return (
    <Box
      role="img"
      aria-label={`First ${what} shown at ${crop.label}${crop.cropped ? ', cropped to fit' : ''}${alt ? `: ${alt}` : ''}`}
      data-testid={`preview-crop-${platform}`}
      data-ratio={crop.label}
      aspectRatio={crop.ratio}
      w="full"
      maxH={crop.ratio < 1 ? '420px' : undefined}
      mx="auto"
      overflow="hidden"
      bg="bg.muted"
      position="relative"
      display="flex"
      alignItems="center"
      justifyContent="center"
      color="fg.muted"
    >
      {first.url && first.kind === 'image' ? (
        <img
          src={first.url}
          alt={alt}
          style={{ width: '100%', height: '100%', objectFit: photoPost ? 'contain' : 'cover', display: 'block', background: photoPost ? '#000' : undefined }}
        />
      ) : first.url ? (
        <video src={first.url} muted playsInline preload="metadata" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : first.kind === 'video' ? (
        <LuFilm aria-hidden size={28} />
      ) : (
        <LuImage aria-hidden size={28} />
      )}
      {alt ? (
        <Badge position="absolute" bottom="2" left="2" size="sm" variant="solid" colorPalette="gray" data-testid={`preview-alt-${platform}`}>
          ALT
        </Badge>
      ) : null}
      {photoPost && media.length > 1 ? (
        <Text
          position="absolute"
          top="2"
          right="2"
          px="2"
          rounded="md"
          bg="blackAlpha.700"
          color="white"
          textStyle="xs"
          fontWeight="semibold"
          data-testid="preview-photo-count"
        >
          1/{media.length}
        </Text>
      ) : null}
      {(platform === 'facebook' || platform === 'bluesky') && media.length > 1 ? (
        <Text position="absolute" bottom="2" right="2" px="2" rounded="md" bg="blackAlpha.700" color="white" textStyle="xs" fontWeight="semibold">
          +{media.length - 1} {media.length === 2 ? 'photo' : 'photos'}
        </Text>
      ) : null}
    </Box>
  );
}

function CarouselDots({ count }: { count: number }) {
  return (
    <HStack justify="center" gap="1" py="1" role="img" aria-label={`Carousel of ${count} items, showing 1`} data-testid="preview-dots">
      {Array.from({ length: count }, (_, i) => (
        <Circle key={i} size="1.5" bg={i === 0 ? 'blue.500' : 'border.emphasized'} />
      ))}
    </HStack>
  );
}

function Caption({ platform, text }: { platform: Platform; text: string }) {
  const folded = foldCaption(platform, text);
  if (!text.trim())
    return (
      <Text color="fg.subtle" textStyle="sm">
        No caption yet
      </Text>
    );
  return (
    <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid={`preview-caption-${platform}`}>
      {folded.shown}
      {folded.folded ? (
        <Text as="span" color="fg.muted">
          {'… '}
          {folded.more}
        </Text>
      ) : null}
    </Text>
  );
}

/** One network's rendering of the post: account, first frame (cropped as the network crops it), dots, caption with its fold, first comment, thread. */
export function PlatformPreview({ platform, accountName, caption, media, title, firstComment, thread }: PlatformPreviewProps) {
  const name = PLATFORM_NAMES[platform];
  const parts = supportsThread(platform) ? (thread ?? []).filter((p) => p.trim()) : [];
  return (
    <Box as="section" role="region" aria-label={`${name} preview`} borderWidth="1px" borderColor="border" rounded="lg" bg="bg" overflow="hidden" minW="0">
      <HStack px="3" py="2" gap="2" borderBottomWidth="1px" borderColor="border.muted">
        <Circle size="7" bg="bg.emphasized" color="fg" textStyle="xs" fontWeight="bold" aria-hidden>
          {(accountName.replace(/^@/, '')[0] ?? name[0]).toUpperCase()}
        </Circle>
        <Stack gap="0" minW="0">
          <Text textStyle="sm" fontWeight="semibold" truncate>
            {accountName}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {name}
          </Text>
        </Stack>
      </HStack>
      <FirstFrame platform={platform} media={media} title={title} />
      {isCarousel(platform, media) ? <CarouselDots count={media.length} /> : null}
      <Stack px="3" py="2" gap="1">
        {(platform === 'youtube' || platform === 'pinterest' || isTikTokPhotos(platform, media)) && title?.trim() ? (
          <Text textStyle="sm" fontWeight="semibold" wordBreak="break-word">
            {title.trim()}
          </Text>
        ) : null}
        <Caption platform={platform} text={caption} />
      </Stack>
      {parts.length ? (
        <Stack as="ol" px="3" pb="2" gap="2" aria-label="Thread" listStyleType="none">
          {parts.map((part, i) => (
            <Box as="li" key={i} borderLeftWidth="2px" borderColor="border.emphasized" pl="3">
              <Text textStyle="xs" color="fg.muted">
                {i + 2}/{parts.length + 1}
              </Text>
              <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                {part}
              </Text>
            </Box>
          ))}
        </Stack>
      ) : null}
      {firstComment?.trim() ? (
        <Box px="3" py="2" borderTopWidth="1px" borderColor="border.muted" data-testid={`preview-first-comment-${platform}`}>
          <Text textStyle="xs" color="fg.muted">
            {firstCommentIsReply(platform) ? 'First reply' : 'First comment'}
          </Text>
          <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word">
            <Text as="span" fontWeight="semibold">
              {accountName}
            </Text>{' '}
            {firstComment.trim()}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
