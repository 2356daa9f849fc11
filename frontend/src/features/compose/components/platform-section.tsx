import { Badge, Box, Card, Checkbox, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { SocialAccount } from '@shared/accounts';
import { captionLength } from '@shared/compose';
import { CAPTION_LIMITS, PLATFORM_LABELS, PLATFORM_NAMES, type Platform } from '@shared/platforms';
import { PlatformIcon } from '@/components/platform-icon';

interface PlatformSectionProps {
  platform: Platform;
  /** The platform's connected accounts, newest first. */
  accounts: SocialAccount[];
  checkedIds: string[];
  onCheckedIdsChange: (ids: string[]) => void;
  caption: string;
  onCaptionChange: (caption: string) => void;
  /** The platform's own options (YouTube title, TikTok switches, X note). */
  children?: ReactNode;
  /** Shown under the caption: X thread parts, the first comment. */
  after?: ReactNode;
}

/** Everything about one selected platform: which accounts, the caption with its counter, options. */
export function PlatformSection(props: PlatformSectionProps) {
  const { platform, accounts, checkedIds, onCheckedIdsChange, caption, onCaptionChange, children, after } = props;
  const length = captionLength(platform, caption);
  const limit = CAPTION_LIMITS[platform];
  const over = length > limit;
  const isYoutube = platform === 'youtube';
  const label = isYoutube ? 'Description' : 'Caption';

  function toggleAccount(id: string, checked: boolean) {
    onCheckedIdsChange(checked ? [...checkedIds, id] : checkedIds.filter((c) => c !== id));
  }

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg.panel" data-testid={`compose-platform-${platform}`}>
      <Card.Header pb="0">
        <HStack justify="space-between" gap="3">
          <HStack gap="2.5">
            <Box fontSize="lg" aria-hidden>
              <PlatformIcon platform={platform} />
            </Box>
            <Card.Title textStyle="md">{PLATFORM_LABELS[platform]}</Card.Title>
          </HStack>
          {accounts.length === 1 ? (
            <Badge variant="subtle" colorPalette="gray" maxW="50%" truncate>
              {accounts[0].account_name}
            </Badge>
          ) : (
            <Badge variant="subtle" colorPalette="brand">
              {checkedIds.length} of {accounts.length} accounts
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        {accounts.length > 1 ? (
          <Stack gap="2" role="group" aria-label={`${PLATFORM_NAMES[platform]} accounts`}>
            <Text textStyle="xs" color="fg.muted" fontWeight="medium">
              Post from (at least one account)
            </Text>
            <HStack gap="4" wrap="wrap">
              {accounts.map((account) => {
                const checked = checkedIds.includes(account.id);
                // A selected platform always posts from at least one account: the last one stays ticked.
                const onlyOne = checked && checkedIds.length === 1;
                return (
                  <Checkbox.Root
                    key={account.id}
                    size="sm"
                    colorPalette="brand"
                    checked={checked}
                    readOnly={onlyOne}
                    onCheckedChange={(event) => toggleAccount(account.id, event.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{account.account_name}</Checkbox.Label>
                  </Checkbox.Root>
                );
              })}
            </HStack>
          </Stack>
        ) : null}

        {children}

        <Field.Root invalid={over}>
          <HStack justify="space-between" w="full">
            <Field.Label>{label}</Field.Label>
            <Text
              textStyle="xs"
              fontVariantNumeric="tabular-nums"
              color={over ? 'fg.error' : 'fg.muted'}
              fontWeight={over ? 'semibold' : 'normal'}
              data-testid={`caption-counter-${platform}`}
              aria-live="polite"
            >
              {length}/{limit}
            </Text>
          </HStack>
          <Textarea
            aria-label={isYoutube ? 'YouTube description' : `${PLATFORM_NAMES[platform]} caption`}
            value={caption}
            onChange={(event) => onCaptionChange(event.target.value)}
            placeholder={isYoutube ? 'Describe your Short…' : `What do you want to share on ${PLATFORM_NAMES[platform]}?`}
            rows={isYoutube ? 3 : 4}
            autoresize
          />
          {over ? <Field.ErrorText>{length - limit} characters over the limit</Field.ErrorText> : null}
        </Field.Root>
        {after}
      </Card.Body>
    </Card.Root>
  );
}
