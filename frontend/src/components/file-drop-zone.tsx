import { Button, chakra, HStack, Stack, type ButtonProps, type StackProps } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';

export interface FilePicker {
  /** The button's text (and icon). */
  content: ReactNode;
  /** The hidden file input's accessible name, e.g. "Choose images". */
  inputLabel: string;
  accept: string;
  multiple?: boolean;
  button?: ButtonProps;
}

interface FileDropZoneProps extends Omit<StackProps, 'onDrop'> {
  /** The region's accessible name, e.g. "Drop a CSV file here". */
  label: string;
  onFiles: (files: File[]) => void;
  /** The buttons that open the device's file chooser, shown after the children. */
  pickers: FilePicker[];
  disabled?: boolean;
  testId?: string;
}

/**
 * An area files can be dropped on (dashed, highlighted while a drag is over it) with buttons that open the
 * file chooser. A picked file clears its input, so choosing the same file again fires again. Layout props pass through.
 */
export function FileDropZone({ label, onFiles, pickers, disabled = false, testId, children, ...layout }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  return (
    <Stack
      role="region"
      aria-label={label}
      data-testid={testId}
      rounded="lg"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'brand.solid' : 'border'}
      bg={over ? 'brand.subtle' : 'bg.subtle'}
      transition="background 0.15s, border-color 0.15s"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) onFiles(Array.from(event.dataTransfer?.files ?? []));
      }}
      {...layout}
    >
      {children}
      <HStack gap="2">
        {pickers.map((picker, index) => (
          <Button key={picker.inputLabel} size="sm" variant="outline" disabled={disabled} onClick={() => inputs.current[index]?.click()} {...picker.button}>
            {picker.content}
          </Button>
        ))}
      </HStack>
      {pickers.map((picker, index) => (
        <chakra.input
          key={picker.inputLabel}
          ref={(element: HTMLInputElement | null) => {
            inputs.current[index] = element;
          }}
          type="file"
          accept={picker.accept}
          multiple={picker.multiple}
          hidden
          aria-label={picker.inputLabel}
          onChange={(event) => {
            onFiles(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
      ))}
    </Stack>
  );
}
