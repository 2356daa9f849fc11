import { Center, Stack, Text } from '@chakra-ui/react';
import { LuFileSpreadsheet } from 'react-icons/lu';
import { IMPORT_MAX_ROWS } from '@shared/import';
import { FileDropZone } from '@/components/file-drop-zone';

/** Where the CSV comes in: dropped on the area or chosen with the picker. */
export function FileDrop({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  return (
    <FileDropZone
      testId="import-dropzone"
      label="Drop a CSV file here"
      onFiles={(files) => {
        if (files[0]) onFile(files[0]);
      }}
      pickers={[
        {
          content: 'Choose a CSV file',
          inputLabel: 'Choose a CSV file',
          accept: '.csv,text/csv',
          button: { size: 'md', variant: 'solid', colorPalette: 'brand', loading: busy, loadingText: 'Reading the file…' },
        },
      ]}
      align="center"
      justify="center"
      gap="3"
      px="4"
      py={{ base: '8', md: '12' }}
      rounded="xl"
      textAlign="center"
    >
      <Center boxSize="12" rounded="full" bg="brand.muted" color="brand.fg" aria-hidden fontSize="xl">
        <LuFileSpreadsheet />
      </Center>
      <Stack gap="0.5">
        <Text fontWeight="medium">Drag and drop a CSV file here</Text>
        <Text textStyle="sm" color="fg.muted">
          Up to {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, one post per row
        </Text>
      </Stack>
    </FileDropZone>
  );
}
