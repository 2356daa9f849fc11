import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuClock, LuMessageCircle } from 'react-icons/lu';
import { ContentPage } from '@/components/layouts/content-page';
import { ContactForm } from './contact-form';

function InfoTile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <HStack align="flex-start" gap="3" p="5" rounded="xl" borderWidth="1px" bg="bg.panel">
      <Box color="brand.fg" fontSize="xl" mt="0.5" aria-hidden>
        {icon}
      </Box>
      <Stack gap="1">
        <Text fontWeight="semibold">{title}</Text>
        <Text textStyle="sm" color="fg.muted">
          {children}
        </Text>
      </Stack>
    </HStack>
  );
}

export function ContactPage() {
  return (
    <ContentPage title="Contact Us" intro="Questions, feedback or trouble with a post? Send us a message.">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <InfoTile icon={<LuMessageCircle />} title="Quick replies">
          We reply within 24 hours.
        </InfoTile>
        <InfoTile icon={<LuClock />} title="Support hours">
          Monday to Friday, 9am to 5pm EST
        </InfoTile>
      </SimpleGrid>
      <ContactForm />
    </ContentPage>
  );
}
