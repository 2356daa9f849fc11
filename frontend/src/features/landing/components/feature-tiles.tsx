import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuCalendarClock, LuChartColumn, LuZap } from 'react-icons/lu';

const FEATURES: { title: string; text: string; icon: IconType }[] = [
  {
    title: 'Smart Scheduling',
    text: 'Pick a date and time in your own timezone and see every post of the month on one calendar.',
    icon: LuCalendarClock,
  },
  {
    title: 'Instant Publishing',
    text: 'Posts go out on the minute to Instagram, Facebook, X, TikTok and YouTube, with a caption for each.',
    icon: LuZap,
  },
  {
    title: 'Analytics',
    text: 'Know what went out, what is queued and what failed, with a clear reason when something needs you.',
    icon: LuChartColumn,
  },
];

export function FeatureTiles() {
  return (
    <Box as="section" borderTopWidth="1px" borderColor="border.muted" bg="bg.subtle">
      <Container maxW="6xl" py={{ base: '14', md: '20' }}>
        <Stack align="center" textAlign="center" gap="3" mb="10">
          <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Everything you need to post consistently
          </Heading>
          <Text color="fg.muted" maxW="xl">
            One place to plan, publish and follow up on every post.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <Stack key={title} gap="3" p="6" rounded="2xl" borderWidth="1px" borderColor="border" bg="bg.panel">
              <Box
                display="grid"
                placeItems="center"
                boxSize="10"
                rounded="lg"
                bg="brand.subtle"
                color="brand.fg"
                fontSize="lg"
                aria-hidden
              >
                <Icon />
              </Box>
              <Heading as="h3" size="md">
                {title}
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
