import { Box, chakra, Float, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { LuLock } from 'react-icons/lu';
import { MSG } from '@shared/messages';
import { minimumPlanFor, upgradeToPostMessage } from '@shared/plans';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import { Tooltip } from '@/components/ui/tooltip';
import { usePlatforms } from '@/lib/api/connections';
import { PlatformIcon } from './platform-icon';

interface PlatformPickerProps {
  /** Platforms with at least one connected account; the others are locked. */
  connected: readonly Platform[];
  selected: readonly Platform[];
  onChange: (selected: Platform[]) => void;
  /** Why the current choice is refused (none picked), shown under the tiles and read with the group. */
  error?: string | undefined;
}

/**
 * The shell's platform picker (docs/product-rules.md#shell): a 2-column grid of toggle tiles. A platform without a
 * connected account is disabled, dimmed and locked, with a tooltip saying where to connect it; one
 * the user's plan lacks names the plan that unlocks it instead, since connecting
 * would not help.
 */
export function PlatformPicker({ connected, selected, onChange, error }: PlatformPickerProps) {
  const entitlements = usePlatforms();
  const errorId = useId();
  function toggle(platform: Platform) {
    onChange(selected.includes(platform) ? selected.filter((p) => p !== platform) : [...selected, platform]);
  }

  return (
    <Stack gap="2">
      <SimpleGrid
        columns={2}
        gap="2"
        role="group"
        aria-label="Platforms"
        aria-describedby={error ? errorId : undefined}
        data-invalid={error ? true : undefined}
        data-testid="platform-picker"
        rounded="lg"
        outline={error ? '2px solid' : undefined}
        outlineColor="border.error"
        outlineOffset="2px"
      >
        {PLATFORMS.map((platform) => {
          // Until the plan is known, only the connection decides (the API refuses a plan-locked post anyway).
          const planLocked = entitlements.data?.platforms.find((p) => p.platform === platform)?.allowed === false;
          const locked = planLocked || !connected.includes(platform);
          const reason = planLocked ? upgradeToPostMessage(platform) : MSG.platformLocked;
          const isSelected = !locked && selected.includes(platform);
          const tile = (
            <chakra.button
              type="button"
              position="relative"
              display="flex"
              alignItems="center"
              gap="2"
              w="full"
              px="3"
              py="2.5"
              rounded="lg"
              borderWidth="1px"
              textAlign="start"
              textStyle="sm"
              fontWeight="medium"
              borderColor={isSelected ? 'brand.solid' : 'border'}
              bg={isSelected ? 'brand.subtle' : 'bg.panel'}
              cursor={locked ? 'not-allowed' : 'pointer'}
              opacity={locked ? 0.5 : 1}
              disabled={locked}
              aria-pressed={isSelected}
              aria-describedby={locked ? `platform-locked-${platform}` : undefined}
              data-testid={`platform-tile-${platform}`}
              onClick={() => toggle(platform)}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
            >
              <PlatformIcon platform={platform} />
              {planLocked ? (
                <Stack gap="0" minW="0" pe="5">
                  <span>{PLATFORM_LABELS[platform]}</span>
                  <Text as="span" textStyle="xs" fontWeight="normal" color="fg.muted" aria-hidden data-testid={`platform-plan-${platform}`}>
                    Available on {minimumPlanFor(platform).name}
                  </Text>
                </Stack>
              ) : (
                PLATFORM_LABELS[platform]
              )}
              {locked ? (
                <Float placement="middle-end" offset="4">
                  <Box color="fg.muted" aria-hidden>
                    <LuLock />
                  </Box>
                </Float>
              ) : null}
            </chakra.button>
          );
          // A disabled button gets no pointer events, so the tooltip hangs on a wrapper.
          return locked ? (
            <Tooltip key={platform} content={reason} showArrow>
              <Box data-testid={`platform-tile-wrapper-${platform}`}>
                {tile}
                <Text as="span" srOnly id={`platform-locked-${platform}`}>
                  {reason}
                </Text>
              </Box>
            </Tooltip>
          ) : (
            <Box key={platform}>{tile}</Box>
          );
        })}
      </SimpleGrid>
      {error ? (
        <Text id={errorId} textStyle="sm" color="fg.error" data-testid="platform-picker-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The platforms among these accounts that the picker should unlock. */
export function connectedPlatforms(accounts: readonly { platform: Platform; is_connected: boolean }[]): Platform[] {
  return [...new Set(accounts.filter((a) => a.is_connected).map((a) => a.platform))];
}
