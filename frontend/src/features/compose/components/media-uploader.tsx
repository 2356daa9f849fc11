import { Card, Center, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuFileText, LuImage, LuUpload, LuVideo } from 'react-icons/lu';
import { DOCUMENT_ACCEPT, IMAGE_ACCEPT, MAX_UPLOAD_MB, VIDEO_ACCEPT } from '@shared/media';
import type { Platform } from '@shared/platforms';
import { FileDropZone } from '@/components/file-drop-zone';
import type { useMediaUploads } from '../hooks/use-media-uploads';
import { MediaFromUrlField } from './media-from-url-field';
import { MediaTile } from './media-tile';

type Uploads = ReturnType<typeof useMediaUploads>;

/**
 * The media card: a drop area, Image and Video pickers, and a grid of the attached files. `documents`:
 * LinkedIn is selected, so a PDF may be attached too (LinkedIn alone posts documents).
 */
export function MediaUploader({ uploads, platforms, documents = false }: { uploads: Uploads; platforms: readonly Platform[]; documents?: boolean }) {
  const documentPicker = {
    content: (
      <>
        <LuFileText /> PDF
      </>
    ),
    inputLabel: 'Choose a PDF document',
    accept: DOCUMENT_ACCEPT,
    multiple: false,
  };
  return (
    <Card.Root variant="outline" rounded="xl" bg="bg.panel">
      <Card.Header pb="0">
        <Card.Title textStyle="md">Media</Card.Title>
        <Card.Description textStyle="sm">
          {documents ? 'Images, videos or a PDF document for LinkedIn' : 'Images and videos'}, up to {MAX_UPLOAD_MB}MB each.
        </Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <FileDropZone
          testId="media-dropzone"
          label="Drop images or videos here"
          onFiles={(files) => uploads.addFiles(files, { documents })}
          pickers={[
            {
              content: (
                <>
                  <LuImage /> Image
                </>
              ),
              inputLabel: 'Choose images',
              accept: IMAGE_ACCEPT,
              multiple: true,
            },
            {
              content: (
                <>
                  <LuVideo /> Video
                </>
              ),
              inputLabel: 'Choose videos',
              accept: VIDEO_ACCEPT,
              multiple: true,
            },
            ...(documents ? [documentPicker] : []),
          ]}
          align="center"
          justify="center"
          gap="3"
          px="4"
          py="6"
          textAlign="center"
        >
          <Center boxSize="10" rounded="full" bg="brand.muted" color="brand.fg" aria-hidden>
            <LuUpload />
          </Center>
          <Stack gap="0.5">
            <Text textStyle="sm" fontWeight="medium">
              Drag and drop files here
            </Text>
            <Text textStyle="xs" color="fg.muted">
              or choose them from your device
            </Text>
          </Stack>
        </FileDropZone>
        <MediaFromUrlField onAdd={(url) => uploads.addUrl(url, { documents })} />
        {uploads.items.length > 0 ? (
          <SimpleGrid columns={{ base: 2, sm: 3, lg: 2 }} gap="3" aria-label="Attached media">
            {uploads.items.map((item, i) => (
              <MediaTile
                key={item.localId}
                item={item}
                deleting={item.stored !== null && uploads.deletingId === item.stored.id}
                onDelete={uploads.remove}
                alt={{ imageNumber: i + 1, platforms, onChange: uploads.setAltText }}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
