import { Button, Field, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { LuPlus, LuX } from 'react-icons/lu';
import { xWeightedLength } from '@shared/compose';
import { FOLLOW_UP_MESSAGES, MAX_THREAD_PARTS } from '@shared/follow-ups';
import { CAPTION_LIMITS } from '@shared/platforms';

interface ThreadPartsProps {
  /** Parts 2..n; the X caption above is part 1. */
  parts: string[];
  onChange: (parts: string[]) => void;
}

/** X threads: more parts after the caption, each a reply to the one before, each counted as X counts (twitter-text). */
export function ThreadParts({ parts, onChange }: ThreadPartsProps) {
  const limit = CAPTION_LIMITS.x;
  const set = (k: number, text: string) => onChange(parts.map((p, i) => (i === k ? text : p)));
  const remove = (k: number) => onChange(parts.filter((_, i) => i !== k));
  const full = parts.length + 1 >= MAX_THREAD_PARTS;
  return (
    <Stack gap="3" data-testid="thread-parts">
      {parts.map((part, k) => {
        const length = xWeightedLength(part);
        const over = length > limit;
        const n = k + 2;
        return (
          <Field.Root key={k} invalid={over}>
            <HStack justify="space-between" w="full">
              <Field.Label>
                Part {n} of {parts.length + 1}
              </Field.Label>
              <HStack gap="1">
                <Text
                  textStyle="xs"
                  fontVariantNumeric="tabular-nums"
                  color={over ? 'fg.error' : 'fg.muted'}
                  data-testid={`thread-counter-${n}`}
                  aria-live="polite"
                >
                  {length}/{limit}
                </Text>
                <IconButton aria-label={`Remove part ${n}`} size="2xs" variant="ghost" onClick={() => remove(k)}>
                  <LuX />
                </IconButton>
              </HStack>
            </HStack>
            <Textarea aria-label={`X thread part ${n}`} value={part} onChange={(event) => set(k, event.target.value)} rows={3} autoresize />
            {over ? <Field.ErrorText>{FOLLOW_UP_MESSAGES.threadPartTooLong(n, length)}</Field.ErrorText> : null}
          </Field.Root>
        );
      })}
      <HStack>
        <Button size="sm" variant="outline" onClick={() => onChange([...parts, ''])} disabled={full}>
          <LuPlus aria-hidden /> Add part
        </Button>
        <Text textStyle="xs" color="fg.muted">
          {full ? FOLLOW_UP_MESSAGES.threadTooLong : 'Each part is a reply to the one before.'}
        </Text>
      </HStack>
    </Stack>
  );
}
