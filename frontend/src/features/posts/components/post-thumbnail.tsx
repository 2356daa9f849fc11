import { Badge, Box, Center, Image } from '@chakra-ui/react';
import { LuFileText, LuImage, LuPlay } from 'react-icons/lu';
import { isDocumentType } from '@shared/media-types';
import type { MediaItem } from '@shared/posts';

/** The first media item of a post: the image itself, a video's first frame under a play mark, or a document's icon. */
export function PostThumbnail({ media }: { media: MediaItem[] }) {
  const first = media[0];
  return (
    <Box
      position="relative"
      flexShrink={0}
      boxSize={{ base: '20', md: '28' }}
      rounded="lg"
      overflow="hidden"
      bg="bg.muted"
      borderWidth="1px"
      borderColor="border.muted"
      data-testid="post-thumbnail"
    >
      {!first ? (
        <Center h="full" color="fg.subtle" fontSize="2xl" role="img" aria-label="No media">
          <LuImage />
        </Center>
      ) : isDocumentType(first.file_type) ? (
        <Center h="full" color="fg.muted" fontSize="2xl" role="img" aria-label="PDF document">
          <LuFileText />
        </Center>
      ) : first.file_type.startsWith('video/') ? (
        <>
          <Box asChild w="full" h="full" objectFit="cover">
            <video src={first.url} muted playsInline preload="metadata" aria-label="Post video" />
          </Box>
          <Center position="absolute" inset="0" bg="blackAlpha.400" color="white" fontSize="xl" pointerEvents="none" aria-hidden>
            <LuPlay />
          </Center>
        </>
      ) : (
        <>
          {/* The description written in Compose, as it went to the networks that take one. */}
          <Image src={first.url} alt={first.alt_text ?? 'Post media'} w="full" h="full" objectFit="cover" loading="lazy" />
          {first.alt_text ? (
            <Badge position="absolute" bottom="1" left="1" size="xs" variant="solid" colorPalette="gray" aria-hidden data-testid="post-alt-badge">
              ALT
            </Badge>
          ) : null}
        </>
      )}
    </Box>
  );
}
