import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { LINKEDIN_DOCUMENT_TITLE_MESSAGE } from '@shared/media-rules';

/**
 * A LinkedIn document post is published under a title (the post's title, shared/media-rules.ts), which
 * LinkedIn shows over the document. Shown under LinkedIn's caption while a PDF is attached.
 */
export function LinkedInDocumentTitle({ title, onTitleChange, attempted }: { title: string; onTitleChange: (title: string) => void; attempted: boolean }) {
  const missing = attempted && !title.trim();
  return (
    <Stack gap="2" rounded="lg" bg="bg.subtle" p="3.5" data-testid="linkedin-document-panel">
      <Text textStyle="sm" fontWeight="semibold">
        LinkedIn document
      </Text>
      <Field.Root required invalid={missing}>
        <Field.Label>
          Document title <Field.RequiredIndicator />
        </Field.Label>
        <Input value={title} onChange={(event) => onTitleChange(event.target.value)} placeholder="Shown on the document in the feed" bg="bg.panel" />
        {missing ? <Field.ErrorText>{LINKEDIN_DOCUMENT_TITLE_MESSAGE}</Field.ErrorText> : null}
      </Field.Root>
    </Stack>
  );
}
