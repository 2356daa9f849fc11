import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';
import { planFor, UPGRADE_ANALYTICS_MESSAGE, type AnalyticsFeature } from '@shared/analytics-rules';
import { Section } from './section';
import { UpgradeButton } from './upgrade-button';

/** What each view shows, for the plans that do not include it yet. */
export const FEATURE_TEXT: Record<AnalyticsFeature, { title: string; description: string }> = {
  totals: { title: 'Totals per platform', description: 'Posts published and failed, views and engagements on each platform.' },
  daily: { title: 'Views and engagements by day', description: 'A chart of the views and engagements your posts earned each day, per platform.' },
  top_posts: { title: 'Top posts', description: 'Your posts with the most engagements in the period, with their views.' },
  post_history: { title: 'Metrics over time', description: "Each post's views, likes, comments and shares as they grew after publishing." },
  export: { title: 'CSV export', description: 'Every post of the period with its numbers, as a spreadsheet.' },
  comparison: { title: 'Comparison with the previous period', description: 'How each total changed against the period just before.' },
  best_times: { title: 'Best times to post', description: 'The weekdays and hours when your posts earn the most engagements, in your timezone.' },
  client_reports: { title: 'Client reports', description: 'The same report for each of your clients.' },
};

// A fixed, made-up shape: a hint of what the view looks like, never the user's data.
const SAMPLE_BARS = [38, 52, 45, 70, 62, 84, 58, 76, 90, 66, 72, 95];

/** A view the plan does not include: what it would show (a blurred sample), and the plan that unlocks it. */
export function LockedPreview({ feature }: { feature: AnalyticsFeature }) {
  const { title, description } = FEATURE_TEXT[feature];
  const plan = planFor(feature);
  return (
    <Section title={title} testId={`locked-${feature}`}>
      <Box position="relative" minH="32">
        <Flex aria-hidden h="28" align="flex-end" gap="2" filter="blur(4px)" opacity={0.2}>
          {SAMPLE_BARS.map((height, i) => (
            <Box key={i} flex="1" h={`${height}%`} bg="brand.solid" roundedTop="sm" />
          ))}
        </Flex>
        <Stack position="absolute" inset="0" justify="center" align="center" textAlign="center" gap="2" px="4">
          <HStack gap="1.5" fontWeight="medium">
            <LuLock aria-hidden />
            <Text>{UPGRADE_ANALYTICS_MESSAGE(plan)}</Text>
          </HStack>
          <Text textStyle="sm" color="fg.muted" maxW="md">
            {description}
          </Text>
          <Box alignSelf="center">
            <UpgradeButton plan={plan} />
          </Box>
        </Stack>
      </Box>
    </Section>
  );
}
