import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuBriefcase, LuStore, LuUser } from 'react-icons/lu';
import { ContentPage } from '@/components/layouts/content-page';

const AUDIENCES: { title: string; text: string; icon: IconType }[] = [
  { title: 'Solo creators', text: 'Batch a week of posts on Sunday and get on with making things.', icon: LuUser },
  { title: 'Small businesses', text: 'Keep every channel active without someone glued to their phone.', icon: LuStore },
  { title: 'Agencies', text: 'Switch to agency mode and manage each client in one place.', icon: LuBriefcase },
];

export function AboutUs() {
  return (
    <ContentPage title="About Us" intro="Schedule & Autopost is a social media scheduling and auto-posting dashboard.">
      <Stack gap="6">
        <Text color="fg.muted" lineHeight="tall">
          We built Schedule &amp; Autopost because posting consistently is hard. Connect your Instagram, Facebook, X, TikTok and YouTube accounts, write a
          caption for each, attach your images or videos and pick a time. We publish on the minute and tell you exactly what happened.
        </Text>
        <Text color="fg.muted" lineHeight="tall">
          Our promise is simple: never post twice, never post silently late, and always explain a failure in plain language so you know what to do next.
        </Text>
        <Heading as="h2" size="lg" pt="2">
          Who it is for
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          {AUDIENCES.map(({ title, text, icon: Icon }) => (
            <Stack key={title} gap="2" p="5" rounded="xl" borderWidth="1px" bg="bg.panel">
              <Box color="brand.fg" fontSize="xl" aria-hidden>
                <Icon />
              </Box>
              <Heading as="h3" size="sm">
                {title}
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </ContentPage>
  );
}
