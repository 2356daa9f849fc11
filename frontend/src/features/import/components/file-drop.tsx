import { Button, Center, chakra, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuFileSpreadsheet } from 'react-icons/lu';
import { IMPORT_MAX_ROWS } from '@shared/import';

/** Where the CSV comes in: dropped on the area or chosen with the picker. */
export function FileDrop({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) onFile(file);
  };

  return (
    <Center
      data-testid="import-dropzone"
      role="region"
      aria-label="Drop a CSV file here"
      flexDirection="column"
      gap="3"
      px="4"
      py={{ base: '8', md: '12' }}
      rounded="xl"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'brand.solid' : 'border'}
      bg={over ? 'brand.subtle' : 'bg.subtle'}
      textAlign="center"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take(event.dataTransfer?.files);
      }}
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
      <Button colorPalette="brand" onClick={() => input.current?.click()} loading={busy} loadingText="Reading the file…">
        Choose a CSV file
      </Button>
      <chakra.input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="Choose a CSV file"
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
    </Center>
  );
}
