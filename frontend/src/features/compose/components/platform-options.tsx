import { Alert, Field, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { LuInfo } from 'react-icons/lu';
import { withShortsSuffix, YOUTUBE_SHORTS_MAX_SECONDS, YOUTUBE_TITLE_MAX } from '@shared/platforms';
import { MSG } from '@shared/messages';
import { getRuntimeConfig } from '@/config/runtime-config';

/**
 * YouTube locks every upload from a Google project that has not passed Google's verification (audit)
 * to private; the deployment says so with youtubeUnverified (README settings), and compose tells the user.
 */
export const YOUTUBE_UNVERIFIED_NOTE = "Until this app's Google project is verified, YouTube keeps uploads private.";

/** YouTube publishes Shorts: a required title, and the video rules (docs/product-rules.md#compose, #compose-rules, #media-rules). */
export function YoutubeShortsOptions({
  title,
  onTitleChange,
  attempted = false,
}: {
  title: string;
  onTitleChange: (title: string) => void;
  attempted?: boolean;
}) {
  const over = title.length > YOUTUBE_TITLE_MAX;
  const trimmed = title.trim();
  // Once the user tried to save, a missing title is marked at the field, not only toasted.
  const fieldError = over ? `${title.length - YOUTUBE_TITLE_MAX} characters over the limit` : attempted && !trimmed ? MSG.youtubeTitleRequired : null;
  return (
    <Stack gap="3" rounded="lg" bg="bg.subtle" p="3.5" data-testid="youtube-shorts-panel">
      <Text textStyle="sm" fontWeight="semibold">
        YouTube Shorts
      </Text>
      <Field.Root required invalid={fieldError !== null}>
        <HStack justify="space-between" w="full">
          <Field.Label>
            Title <Field.RequiredIndicator />
          </Field.Label>
          <Text textStyle="xs" color={over ? 'fg.error' : 'fg.muted'} fontVariantNumeric="tabular-nums" data-testid="youtube-title-counter">
            {title.length}/{YOUTUBE_TITLE_MAX}
          </Text>
        </HStack>
        <Input
          aria-label="YouTube title"
          value={title}
          onChange={(event) => onTitleChange(event.target.value)}
          placeholder="Give your Short a title"
          bg="bg.panel"
        />
        {fieldError ? <Field.ErrorText>{fieldError}</Field.ErrorText> : null}
        {trimmed ? (
          <Field.HelperText data-testid="youtube-title-preview">
            Published as:{' '}
            <Text as="span" fontWeight="medium" color="fg">
              {withShortsSuffix(trimmed)}
            </Text>
          </Field.HelperText>
        ) : null}
      </Field.Root>
      <List.Root gap="1" textStyle="xs" color="fg.muted" ps="4">
        <List.Item>The video must be at most {YOUTUBE_SHORTS_MAX_SECONDS} seconds long and vertical.</List.Item>
        <List.Item>#shorts is added to the title automatically.</List.Item>
      </List.Root>
      {getRuntimeConfig().youtubeUnverified ? (
        <Alert.Root status="warning" variant="subtle" size="sm" rounded="md" data-testid="youtube-private-note">
          <Alert.Indicator>
            <LuInfo />
          </Alert.Indicator>
          <Alert.Description>{YOUTUBE_UNVERIFIED_NOTE}</Alert.Description>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}

/** TikTok's panel is tiktok-options.tsx (Content Sharing Guidelines). */

export function XOptions() {
  return (
    <Alert.Root status="info" variant="subtle" size="sm" rounded="lg" data-testid="x-panel">
      <Alert.Indicator>
        <LuInfo />
      </Alert.Indicator>
      <Alert.Description>X supports text-only posts for now: a post with media can't include X.</Alert.Description>
    </Alert.Root>
  );
}
