import { Box, Card, Center, HStack, IconButton, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuImage, LuTrash2, LuUpload, LuVideo } from 'react-icons/lu';
import { IMPORT_MAX_FILES } from '@shared/import';
import { IMAGE_ACCEPT, MAX_UPLOAD_MB, VIDEO_ACCEPT } from '@shared/media';
import { FileDropZone } from '@/components/file-drop-zone';
import type { ImportUpload, useImportMedia } from '../hooks/use-import-media';

type Uploads = ReturnType<typeof useImportMedia>;

/** "Media for this import": files dropped or picked here upload as Compose's do; the CSV's `media` column names them. */
export function MediaPanel({ uploads, locked = false }: { uploads: Uploads; locked?: boolean }) {
  return (
    <Card.Root variant="outline" rounded="xl" data-testid="import-media-panel">
      <Card.Header pb="0">
        <Card.Title as="h2" textStyle="md">
          Media for this import
        </Card.Title>
        <Card.Description textStyle="sm">
          Upload the images and videos your file names in its <b>media</b> column (e.g. spring.jpg; menu.png), up to {MAX_UPLOAD_MB}MB each and{' '}
          {IMPORT_MAX_FILES} files. Each post gets its own copy.
        </Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <FileDropZone
          testId="import-media-dropzone"
          label="Drop images or videos for this import here"
          onFiles={uploads.addFiles}
          disabled={locked}
          pickers={[
            {
              content: (
                <>
                  <LuImage /> Images
                </>
              ),
              inputLabel: 'Choose images for this import',
              accept: IMAGE_ACCEPT,
              multiple: true,
              button: { flex: { base: '1', sm: 'initial' } },
            },
            {
              content: (
                <>
                  <LuVideo /> Videos
                </>
              ),
              inputLabel: 'Choose videos for this import',
              accept: VIDEO_ACCEPT,
              multiple: true,
              button: { flex: { base: '1', sm: 'initial' } },
            },
          ]}
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'stretch', sm: 'center' }}
          justify="space-between"
          gap="3"
          px="4"
          py="3"
        >
          <HStack gap="3" minW="0">
            <Center boxSize="9" rounded="full" bg="brand.muted" color="brand.fg" flexShrink={0} aria-hidden>
              <LuUpload />
            </Center>
            <Text textStyle="sm" fontWeight="medium">
              Drag images and videos here
            </Text>
          </HStack>
        </FileDropZone>
        {uploads.items.length === 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="import-media-empty">
            No files yet. Rows without a media column need none.
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Files for this import">
            {uploads.items.map((item) => (
              <UploadRow
                key={item.localId}
                item={item}
                progress={uploads.progress[item.localId] ?? 0}
                removing={uploads.removing === item.localId}
                locked={locked}
                onRemove={() => void uploads.remove(item.localId)}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function UploadRow({
  item,
  progress,
  removing,
  locked,
  onRemove,
}: {
  item: ImportUpload;
  progress: number;
  removing: boolean;
  locked: boolean;
  onRemove: () => void;
}) {
  const url = item.stored?.url;
  return (
    <HStack as="li" gap="3" borderWidth="1px" rounded="lg" px="2.5" py="2" data-testid="import-upload" aria-busy={!item.stored}>
      <Center boxSize="10" rounded="md" overflow="hidden" bg="bg.muted" color="fg.subtle" flexShrink={0} aria-hidden>
        {url && item.kind === 'image' ? <Image src={url} alt="" w="full" h="full" objectFit="cover" /> : item.kind === 'image' ? <LuImage /> : <LuVideo />}
      </Center>
      <Stack gap="1" flex="1" minW="0">
        <Text textStyle="sm" fontWeight="medium" truncate title={item.name}>
          {item.name}
        </Text>
        {item.stored ? (
          <HStack gap="1" color="green.fg" textStyle="xs">
            <LuCircleCheck aria-hidden />
            <Text>Uploaded</Text>
          </HStack>
        ) : (
          <HStack gap="2">
            <Progress.Root value={progress} size="xs" colorPalette="brand" flex="1" maxW="48" aria-label={`Uploading ${item.name}`}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">
              {progress >= 100 ? 'Processing…' : `${progress}%`}
            </Text>
          </HStack>
        )}
      </Stack>
      <Box flexShrink={0}>
        {item.stored ? (
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Remove ${item.name}`} loading={removing} disabled={locked} onClick={onRemove}>
            <LuTrash2 />
          </IconButton>
        ) : null}
      </Box>
    </HStack>
  );
}
