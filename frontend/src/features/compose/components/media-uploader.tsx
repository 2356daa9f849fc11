import { Button, Card, Center, chakra, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent } from 'react';
import { LuImage, LuUpload, LuVideo } from 'react-icons/lu';
import { IMAGE_ACCEPT, MAX_UPLOAD_MB, VIDEO_ACCEPT } from '@shared/media';
import type { useMediaUploads } from '../hooks/use-media-uploads';
import { MediaFromUrlField } from './media-from-url-field';
import { MediaTile } from './media-tile';

type Uploads = ReturnType<typeof useMediaUploads>;

/** The media card: a drop area, Image and Video pickers, and a grid of the attached files. */
export function MediaUploader({ uploads }: { uploads: Uploads }) {
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    uploads.addFiles(Array.from(event.dataTransfer?.files ?? []));
  }

  function pickerChange(input: HTMLInputElement | null) {
    if (!input?.files) return;
    uploads.addFiles(Array.from(input.files));
    // Picking the same file again must fire change again.
    input.value = '';
  }

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg.panel">
      <Card.Header pb="0">
        <Card.Title textStyle="md">Media</Card.Title>
        <Card.Description textStyle="sm">Images and videos, up to {MAX_UPLOAD_MB}MB each.</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <Center
          data-testid="media-dropzone"
          aria-label="Drop images or videos here"
          role="region"
          flexDirection="column"
          gap="3"
          px="4"
          py="6"
          rounded="lg"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'brand.solid' : 'border'}
          bg={dragging ? 'brand.subtle' : 'bg.subtle'}
          transition="background 0.15s, border-color 0.15s"
          textAlign="center"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
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
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => imageInput.current?.click()}>
              <LuImage /> Image
            </Button>
            <Button size="sm" variant="outline" onClick={() => videoInput.current?.click()}>
              <LuVideo /> Video
            </Button>
          </HStack>
          <chakra.input
            ref={imageInput}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            hidden
            aria-label="Choose images"
            onChange={(event) => pickerChange(event.currentTarget)}
          />
          <chakra.input
            ref={videoInput}
            type="file"
            accept={VIDEO_ACCEPT}
            multiple
            hidden
            aria-label="Choose videos"
            onChange={(event) => pickerChange(event.currentTarget)}
          />
        </Center>
        <MediaFromUrlField onAdd={uploads.addUrl} />
        {uploads.items.length > 0 ? (
          <SimpleGrid columns={{ base: 2, sm: 3, lg: 2 }} gap="3" aria-label="Attached media">
            {uploads.items.map((item) => (
              <MediaTile key={item.localId} item={item} deleting={item.stored !== null && uploads.deletingId === item.stored.id} onDelete={uploads.remove} />
            ))}
          </SimpleGrid>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
