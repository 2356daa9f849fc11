import { Box, Card, HStack, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuArrowUpRight, LuCalendarDays, LuListChecks, LuSquarePen } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

const ACTIONS: { title: string; text: string; to: string; icon: IconType }[] = [
  { title: 'Compose', text: 'Write a post for one or more platforms.', to: paths.app.compose.getHref(), icon: LuSquarePen },
  { title: 'Schedule', text: 'See your posts on the calendar.', to: paths.app.schedule.getHref(), icon: LuCalendarDays },
  { title: 'Posts', text: 'Scheduled, posted, drafts and failed.', to: paths.app.posts.getHref(), icon: LuListChecks },
];

export function QuickActions() {
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" as="nav" aria-label="Quick actions">
      {ACTIONS.map(({ title, text, to, icon: Icon }) => (
        <LinkBox key={title} asChild>
          <Card.Root
            variant="outline"
            bg="bg.panel"
            rounded="xl"
            transition="border-color 0.15s, transform 0.15s"
            _hover={{ borderColor: 'brand.solid', transform: 'translateY(-1px)' }}
            data-testid={`quick-card-${title.toLowerCase()}`}
          >
            <Card.Body gap="3">
              <HStack justify="space-between">
                <Box display="grid" placeItems="center" boxSize="9" rounded="lg" bg="brand.subtle" color="brand.fg" aria-hidden>
                  <Icon />
                </Box>
                <Box color="fg.subtle" aria-hidden>
                  <LuArrowUpRight />
                </Box>
              </HStack>
              <LinkOverlay asChild>
                <RouterLink to={to}>
                  <Text fontWeight="semibold">{title}</Text>
                </RouterLink>
              </LinkOverlay>
              <Text textStyle="sm" color="fg.muted">
                {text}
              </Text>
            </Card.Body>
          </Card.Root>
        </LinkBox>
      ))}
    </SimpleGrid>
  );
}
