import { Badge, Box, Center, chakra, HStack, IconButton, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuFileText, LuImage, LuTrash2, LuVideo } from 'react-icons/lu';
import type { Platform } from '@shared/platforms';
import type { ComposeMedia } from '../hooks/use-media-uploads';
import { AltBadge, MediaAltText } from './media-alt-text';

const KIND_ICONS = { image: LuImage, video: LuVideo, document: LuFileText } as const;

function Thumbnail({ item }: { item: ComposeMedia }) {
  // A PDF is not drawn (no page renderer in the browser bundle): a page-shaped tile with its name.
  if (item.kind === 'document')
    return (
      <Stack w="full" h="full" align="center" justify="center" gap="1" px="2" color="fg.muted" data-testid="document-tile">
        <LuFileText aria-hidden size={32} />
        <Text textStyle="xs" fontWeight="semibold" color="fg" textAlign="center" lineClamp={2} wordBreak="break-word">
          {item.name}
        </Text>
        <Text textStyle="2xs">PDF document</Text>
      </Stack>
    );
  const src = item.stored?.url ?? item.previewUrl;
  if (src && item.kind === 'image') return <Image src={src} alt={item.altText?.trim() || item.name} w="full" h="full" objectFit="cover" />;
  if (src && item.kind === 'video') {
    // preload="metadata" fetches just enough to paint the first frame, not the whole video.
    return <chakra.video src={src} preload="metadata" muted playsInline w="full" h="full" objectFit="cover" aria-label={item.name} />;
  }
  return (
    <Center w="full" h="full" color="fg.subtle" fontSize="2xl" aria-hidden>
      {item.kind === 'image' ? <LuImage /> : <LuVideo />}
    </Center>
  );
}

interface MediaTileProps {
  item: ComposeMedia;
  deleting: boolean;
  onDelete: (localId: string) => void;
  /** An uploaded image's alt text field: its place in the post and the selected networks. */
  alt?: { imageNumber: number; platforms: readonly Platform[]; onChange: (localId: string, altText: string) => void };
}

/** One attached file: its preview, upload progress, then "Upload Complete" and a delete button. */
export function MediaTile({ item, deleting, onDelete, alt }: MediaTileProps) {
  const stored = item.stored !== null;
  const KindIcon = KIND_ICONS[item.kind];
  return (
    <Stack gap="0" rounded="lg" borderWidth="1px" overflow="hidden" bg="bg.panel" data-testid="media-tile" aria-busy={!stored}>
      <Box position="relative" aspectRatio={1} bg="bg.muted">
        <Thumbnail item={item} />
        <Badge position="absolute" top="2" left="2" size="sm" variant="solid" colorPalette="gray" textTransform="capitalize">
          <KindIcon />
          {item.kind}
        </Badge>
        {item.altText?.trim() ? <AltBadge /> : null}
        {stored ? (
          <IconButton
            position="absolute"
            top="2"
            right="2"
            size="xs"
            variant="solid"
            colorPalette="red"
            aria-label={`Delete ${item.name}`}
            loading={deleting}
            onClick={() => onDelete(item.localId)}
          >
            <LuTrash2 />
          </IconButton>
        ) : null}
      </Box>
      <Stack gap="1.5" px="2.5" py="2">
        <Text textStyle="xs" fontWeight="medium" truncate title={item.name}>
          {item.name}
        </Text>
        {stored ? (
          <HStack gap="1" color="green.fg" textStyle="xs">
            <LuCircleCheck aria-hidden />
            <Text>Upload Complete</Text>
          </HStack>
        ) : null}
        {stored && alt && item.kind === 'image' ? (
          <MediaAltText
            name={item.name}
            imageNumber={alt.imageNumber}
            value={item.altText ?? ''}
            onChange={(text) => alt.onChange(item.localId, text)}
            platforms={alt.platforms}
          />
        ) : null}
        {stored ? null : (
          <Stack gap="1">
            <Progress.Root value={item.progress} size="xs" colorPalette="brand" aria-label={`Uploading ${item.name}`}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text textStyle="xs" color="fg.muted">
              {item.progress >= 100 ? 'Processing…' : `Uploading… ${item.progress}%`}
            </Text>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
