import { Button, HStack, Input, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCopy } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';

interface ShownOnceProps extends Omit<StackProps, 'children'> {
  /** The value the server gives out only once (only its hash is kept): a key, a secret, a link. */
  value: string;
  /** The field's accessible name. */
  label: string;
  /** What the value is, in the copy toasts: "Key copied", "Could not copy the key". */
  noun: string;
  /** The toast after a copy, when "<Noun> copied" reads wrong. */
  copiedTitle?: string;
  /** The sentence above the field: that it is shown only now. */
  note: ReactNode;
  /** A secret reads in a fixed-width font, so that look-alike characters differ. */
  mono?: boolean;
  /** The note in medium weight, as Settings cards show their notes. */
  emphasis?: boolean;
}

/**
 * A value shown this once, with a Copy button: the one answer that carries it is the only chance to
 * take it. When the clipboard refuses, the field stays selectable so it can be copied by hand.
 */
export function ShownOnce({ value, label, noun, copiedTitle, note, mono = false, emphasis = false, ...rest }: ShownOnceProps) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toaster.success({ title: copiedTitle ?? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} copied` });
    } catch {
      toaster.error({ title: `Could not copy the ${noun}`, description: 'Select it and copy it yourself.' });
    }
  }
  return (
    <Stack gap="2" {...rest}>
      <Text textStyle="sm" fontWeight={emphasis ? 'medium' : undefined}>
        {note}
      </Text>
      <HStack gap="2">
        <Input size="sm" readOnly fontFamily={mono ? 'mono' : undefined} value={value} aria-label={label} onFocus={(e) => e.currentTarget.select()} />
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <LuCopy /> Copy
        </Button>
      </HStack>
    </Stack>
  );
}
