import { Badge, Button, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { ALT_TEXT_MAX, altTextLength, altTextProblem, strictestAltTextNetwork, takesAltText } from '@shared/alt-text';
import { graphemeCount } from '@shared/bluesky';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';

/** The "ALT" mark on a described image's thumbnail, as Bluesky and Buffer show it. */
export function AltBadge() {
  return (
    <Badge position="absolute" bottom="2" left="2" size="sm" variant="solid" colorPalette="gray" data-testid="alt-badge">
      ALT
    </Badge>
  );
}

interface MediaAltTextProps {
  name: string;
  /** Its place in the post (1-based), as the compose rules name it. */
  imageNumber: number;
  value: string;
  onChange: (value: string) => void;
  /** The selected networks: the counter follows the strictest one that publishes alt text. */
  platforms: readonly Platform[];
}

/**
 * An image's optional description for people who use screen readers. Collapsed to a small button
 * until the user opens it (or it has text); the counter and the error follow the same rule the API
 * applies at scheduling (shared/alt-text.ts).
 */
export function MediaAltText({ name, imageNumber, value, onChange, platforms }: MediaAltTextProps) {
  // Open from the start when it has text (an edit), and stays open once opened, even when emptied.
  const [open, setOpen] = useState(value !== '');
  const focusOnOpen = useRef(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const strictest = strictestAltTextNetwork(platforms);
  const limit = strictest?.limit ?? ALT_TEXT_MAX;
  // Counted as the rule counts it: leading and trailing spaces are not sent.
  const length = strictest ? altTextLength(strictest.platform, value.trim()) : graphemeCount(value.trim());
  const problem = altTextProblem(value.trim(), platforms, imageNumber);
  const sentTo = platforms.filter(takesAltText).map((p) => PLATFORM_NAMES[p]);
  const shown = open || value !== '';
  // Opened by its button: the field takes the focus, so the keyboard goes on where the button was.
  useEffect(() => {
    if (open && focusOnOpen.current) {
      focusOnOpen.current = false;
      field.current?.focus();
    }
  }, [open]);
  if (!shown) {
    return (
      <Button
        size="2xs"
        variant="outline"
        alignSelf="start"
        onClick={() => {
          focusOnOpen.current = true;
          setOpen(true);
        }}
      >
        <LuPlus aria-hidden /> Alt text
      </Button>
    );
  }
  return (
    <Field.Root invalid={problem !== null} gap="1">
      <HStack justify="space-between" w="full">
        <Field.Label textStyle="xs">
          <LuPencil aria-hidden /> Alt text
        </Field.Label>
        <Text textStyle="xs" fontVariantNumeric="tabular-nums" color={problem ? 'fg.error' : 'fg.muted'} data-testid="alt-text-counter" aria-live="polite">
          {length}/{limit}
        </Text>
      </HStack>
      <Textarea
        ref={field}
        aria-label={`Alt text for ${name}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Describe the image for people who can't see it"
        textStyle="xs"
        rows={2}
        autoresize
      />
      {problem ? (
        <Field.ErrorText>{problem}</Field.ErrorText>
      ) : (
        <Field.HelperText textStyle="xs">
          {sentTo.length > 0 ? `Sent to ${sentTo.join(', ')} with the image.` : 'Kept with the post; none of the selected networks publishes it.'}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
