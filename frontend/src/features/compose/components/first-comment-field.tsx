import { Alert, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { captionLength } from '@shared/compose';
import { FIRST_COMMENT_LIMITS, FOLLOW_UP_MESSAGES, firstCommentIsReply, type FirstCommentPlatform } from '@shared/follow-ups';
import { PLATFORM_NAMES } from '@shared/platforms';

interface FirstCommentFieldProps {
  platform: FirstCommentPlatform;
  value: string;
  onChange: (value: string) => void;
  /** The checked accounts' grants lack the comment permission: say to reconnect rather than fail later. */
  needsReconnect: boolean;
}

/** The optional first comment (X: a reply), posted right after the post (docs/first-comment-and-threads.md). */
export function FirstCommentField({ platform, value, onChange, needsReconnect }: FirstCommentFieldProps) {
  const length = captionLength(platform, value);
  const limit = FIRST_COMMENT_LIMITS[platform];
  const over = length > limit;
  const name = PLATFORM_NAMES[platform];
  return (
    <Field.Root invalid={over}>
      <HStack justify="space-between" w="full">
        <Field.Label>
          First comment{' '}
          <Text as="span" color="fg.muted" fontWeight="normal">
            (optional{firstCommentIsReply(platform) ? ', posted as a reply' : ''})
          </Text>
        </Field.Label>
        {value ? (
          <Text
            textStyle="xs"
            fontVariantNumeric="tabular-nums"
            color={over ? 'fg.error' : 'fg.muted'}
            data-testid={`first-comment-counter-${platform}`}
            aria-live="polite"
          >
            {length}/{limit}
          </Text>
        ) : null}
      </HStack>
      <Textarea
        aria-label={`${name} first comment`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Links, hashtags or a question to start the conversation"
        rows={2}
        autoresize
      />
      {over ? <Field.ErrorText>{FOLLOW_UP_MESSAGES.firstCommentTooLong(platform, limit, length)}</Field.ErrorText> : null}
      {needsReconnect && value.trim() ? (
        <Alert.Root status="warning" size="sm" mt="2" rounded="md" data-testid={`first-comment-reconnect-${platform}`}>
          <Alert.Indicator />
          <Alert.Description>{FOLLOW_UP_MESSAGES.reconnectForComments(platform)} (Platforms page); the post itself goes out either way.</Alert.Description>
        </Alert.Root>
      ) : null}
    </Field.Root>
  );
}
