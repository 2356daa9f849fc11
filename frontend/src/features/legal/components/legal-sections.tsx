import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';

export interface LegalSection {
  title: string;
  paragraphs?: string[];
  bullets?: string[];
}

/** Privacy and Terms show today's date as their Last Updated date (docs/product-rules.md#static-pages). */
export function LastUpdated({ now = new Date() }: { now?: Date }) {
  return (
    <Text textStyle="sm" color="fg.muted">
      Last Updated: {format(now, 'MMMM d, yyyy')}
    </Text>
  );
}

export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return (
    <Stack gap="8">
      {sections.map((section, index) => (
        <Stack as="section" key={section.title} gap="3" aria-labelledby={`legal-${index}`}>
          <Heading as="h2" size="lg" id={`legal-${index}`} letterSpacing="tight">
            {index + 1}. {section.title}
          </Heading>
          {section.paragraphs?.map((text) => (
            <Text key={text} color="fg.muted" lineHeight="tall">
              {text}
            </Text>
          ))}
          {section.bullets ? (
            <List.Root gap="1.5" ps="5" color="fg.muted">
              {section.bullets.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List.Root>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
