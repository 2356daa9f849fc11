import { Button, chakra, Field, HStack, Input } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuLink } from 'react-icons/lu';
import { MAX_MEDIA_URL_LENGTH } from '@shared/media-url';

/**
 * "Add from URL" beside the drop area: the server fetches a public https link into the user's media
 * (docs/bulk-import.md#media-from-a-link). The link stays in the box when it is refused, so it can be fixed.
 */
export function MediaFromUrlField({ onAdd }: { onAdd: (url: string) => Promise<boolean> }) {
  const [url, setUrl] = useState('');
  const [fetching, setFetching] = useState(false);

  async function submit(event: FormEvent) {
    // A form of its own inside the compose form: Enter here must not submit the post.
    event.preventDefault();
    event.stopPropagation();
    const link = url.trim();
    if (!link || fetching) return;
    setFetching(true);
    const added = await onAdd(link);
    setFetching(false);
    if (added) setUrl('');
  }

  return (
    <chakra.div role="group" aria-label="Add a file from a link">
      <Field.Root>
        <Field.Label textStyle="sm">Or add from a link</Field.Label>
        {/* Wraps by the room it has, not the screen: in Compose's side column the link gets a row of its own. */}
        <HStack gap="2" w="full" align="stretch" flexWrap="wrap">
          <Input
            size="sm"
            type="url"
            inputMode="url"
            name="media-url"
            aria-label="Media link"
            placeholder="https://example.com/photo.jpg"
            maxLength={MAX_MEDIA_URL_LENGTH}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void submit(event);
            }}
            flex="999 1 12rem"
            minW="0"
          />
          <Button
            size="sm"
            variant="outline"
            onClick={(event) => void submit(event)}
            loading={fetching}
            loadingText="Fetching…"
            disabled={url.trim() === ''}
            flex="1 0 auto"
          >
            <LuLink /> Add from URL
          </Button>
        </HStack>
        <Field.HelperText textStyle="xs">A public https link to an image or video; we fetch it for you.</Field.HelperText>
      </Field.Root>
    </chakra.div>
  );
}
