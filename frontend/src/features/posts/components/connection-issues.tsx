import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { LuUnplug } from 'react-icons/lu';
import type { TargetIssue } from '@shared/connection-health';

/** A scheduled post whose account cannot publish at its time, flagged on its card. */
export function ConnectionIssues({ issues }: { issues: readonly TargetIssue[] | undefined }) {
  if (!issues || issues.length === 0) return null;
  return (
    <Stack gap="1" data-testid="post-connection-issues">
      {issues.map((issue) => (
        <HStack key={issue.target_id} gap="1.5" align="flex-start" color="fg.warning" textStyle="sm">
          <Box mt="0.5" aria-hidden>
            <LuUnplug />
          </Box>
          <Text>{issue.message}</Text>
        </HStack>
      ))}
    </Stack>
  );
}
