import { Box, Card, Stack, Text } from '@chakra-ui/react';
import { LuConstruction } from 'react-icons/lu';
import { PageHeader } from './page-header';

/** Placeholder for /home views whose issue has not landed yet, so the sidebar never leads to a 404. */
export function UpcomingSection({ title }: { title: string }) {
  return (
    <Stack gap="6">
      <PageHeader title={title} />
      <Card.Root variant="outline" bg="bg.panel" rounded="xl" borderStyle="dashed">
        <Card.Body alignItems="center" textAlign="center" py="12" gap="3">
          <Box fontSize="2xl" color="fg.subtle" aria-hidden>
            <LuConstruction />
          </Box>
          <Text fontWeight="medium">This section arrives in an upcoming release.</Text>
          <Text textStyle="sm" color="fg.muted">
            The rest of the dashboard is ready to use in the meantime.
          </Text>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
