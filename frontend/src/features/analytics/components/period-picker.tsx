import { Button, ButtonGroup, HStack, Stack, Text } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';
import { ANALYTICS_PERIODS, planForDays } from '@shared/analytics-rules';
import { UpgradeButton } from './upgrade-button';

interface PeriodPickerProps {
  days: number;
  /** The plan's longest period; longer ones offer the upgrade instead. */
  maxDays: number;
  onChange: (days: number) => void;
  /** A longer period than the plan's was picked: the upgrade is shown. */
  upsell: number | null;
  onUpsell: (days: number | null) => void;
}

/** 30 / 90 / 365 days. */
export function PeriodPicker({ days, maxDays, onChange, upsell, onUpsell }: PeriodPickerProps) {
  return (
    <Stack gap="2">
      <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Period">
        {ANALYTICS_PERIODS.map((period) => {
          const locked = period > maxDays;
          const selected = period === days;
          return (
            <Button
              key={period}
              aria-pressed={selected}
              variant={selected ? 'solid' : 'outline'}
              colorPalette={selected ? 'brand' : 'gray'}
              onClick={() => (locked ? onUpsell(period) : (onUpsell(null), onChange(period)))}
            >
              {locked ? <LuLock aria-label="Not in your plan" /> : null}
              {period} days
            </Button>
          );
        })}
      </ButtonGroup>
      {upsell ? (
        <HStack gap="3" wrap="wrap" data-testid="period-upsell">
          <Text textStyle="sm">The last {upsell} days are part of a higher plan.</Text>
          <UpgradeButton plan={planForDays(upsell)} size="xs" />
        </HStack>
      ) : null}
    </Stack>
  );
}
