import { Box, Center, Image } from '@chakra-ui/react';
import { LuFileText, LuImage } from 'react-icons/lu';
import { isDocumentType } from '@shared/media-types';
import type { MediaItem } from '@shared/posts';

/** The first media item, blurred: a hint of the post at a glance, not a preview (docs/product-rules.md#dashboard). */
export function BlurredThumbnail({ media }: { media: MediaItem[] }) {
  const first = media[0];
  return (
    <Box boxSize="12" flexShrink={0} rounded="lg" overflow="hidden" bg="bg.muted" data-testid="dashboard-thumbnail">
      {!first ? (
        <Center h="full" color="fg.subtle" aria-hidden>
          <LuImage />
        </Center>
      ) : isDocumentType(first.file_type) ? (
        <Center h="full" color="fg.subtle" aria-hidden>
          <LuFileText />
        </Center>
      ) : first.file_type.startsWith('video/') ? (
        <Box asChild w="full" h="full" objectFit="cover" filter="blur(4px)" transform="scale(1.15)">
          <video src={first.url} muted playsInline preload="metadata" aria-hidden />
        </Box>
      ) : (
        <Image src={first.url} alt="" w="full" h="full" objectFit="cover" filter="blur(4px)" transform="scale(1.15)" loading="lazy" />
      )}
    </Box>
  );
}
