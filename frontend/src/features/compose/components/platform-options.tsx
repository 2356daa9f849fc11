import { Alert, Field, HStack, Input, List, Stack, Switch, Text } from '@chakra-ui/react';
import { LuInfo } from 'react-icons/lu';
import { withShortsSuffix, YOUTUBE_SHORTS_MAX_SECONDS, YOUTUBE_TITLE_MAX } from '@shared/platforms';
import { getRuntimeConfig } from '@/config/runtime-config';

/**
 * YouTube locks every upload from a Google project that has not passed Google's verification (audit)
 * to private; the deployment says so with youtubeUnverified (README settings), and compose tells the user.
 */
export const YOUTUBE_UNVERIFIED_NOTE = "Until this app's Google project is verified, YouTube keeps uploads private.";

/** YouTube publishes Shorts: a required title, and the video rules (spec §2, §5). */
export function YoutubeShortsOptions({ title, onTitleChange }: { title: string; onTitleChange: (title: string) => void }) {
  const over = title.length > YOUTUBE_TITLE_MAX;
  const trimmed = title.trim();
  return (
    <Stack gap="3" rounded="lg" bg="bg.subtle" p="3.5" data-testid="youtube-shorts-panel">
      <Text textStyle="sm" fontWeight="semibold">
        YouTube Shorts
      </Text>
      <Field.Root required invalid={over}>
        <HStack justify="space-between" w="full">
          <Field.Label>
            Title <Field.RequiredIndicator />
          </Field.Label>
          <Text textStyle="xs" color={over ? 'fg.error' : 'fg.muted'} fontVariantNumeric="tabular-nums" data-testid="youtube-title-counter">
            {title.length}/{YOUTUBE_TITLE_MAX}
          </Text>
        </HStack>
        <Input aria-label="YouTube title" value={title} onChange={(event) => onTitleChange(event.target.value)} placeholder="Give your Short a title" bg="bg.panel" />
        {trimmed ? (
          <Field.HelperText data-testid="youtube-title-preview">
            Published as: <Text as="span" fontWeight="medium" color="fg">{withShortsSuffix(trimmed)}</Text>
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

interface TiktokOptionsProps {
  isPrivate: boolean;
  draft: boolean;
  onPrivateChange: (value: boolean) => void;
  onDraftChange: (value: boolean) => void;
}

/** TikTok's Private and Draft switches (settings.tiktok_private / tiktok_draft). */
export function TiktokOptions({ isPrivate, draft, onPrivateChange, onDraftChange }: TiktokOptionsProps) {
  return (
    <Stack gap="3" rounded="lg" bg="bg.subtle" p="3.5" data-testid="tiktok-panel">
      <Switch.Root colorPalette="brand" checked={isPrivate} onCheckedChange={(event) => onPrivateChange(event.checked)}>
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Stack gap="0">
          <Switch.Label>Private</Switch.Label>
          <Text textStyle="xs" color="fg.muted">
            Only you can see the video.
          </Text>
        </Stack>
      </Switch.Root>
      <Switch.Root colorPalette="brand" checked={draft} onCheckedChange={(event) => onDraftChange(event.checked)}>
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Stack gap="0">
          <Switch.Label>Draft</Switch.Label>
          <Text textStyle="xs" color="fg.muted">
            Send it to your TikTok drafts to finish in the app.
          </Text>
        </Stack>
      </Switch.Root>
    </Stack>
  );
}

export function XOptions() {
  return (
    <Alert.Root status="info" variant="subtle" size="sm" rounded="lg" data-testid="x-panel">
      <Alert.Indicator>
        <LuInfo />
      </Alert.Indicator>
      <Alert.Description>X supports text-only posts for now: attached media are not sent to X.</Alert.Description>
    </Alert.Root>
  );
}
