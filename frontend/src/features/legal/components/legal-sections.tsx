import { Heading, List, Stack, Text } from '@chakra-ui/react';

export interface LegalSection {
  title: string;
  paragraphs?: string[];
  bullets?: string[];
}

/**
 * "March 1, 2026": the browser's own formatter, since date-fns here would ride in the chunk every page
 * but the landing loads (two public pages use this), not only in these two.
 */
const LAST_UPDATED = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Privacy and Terms show today's date as their Last Updated date (docs/product-rules.md#static-pages). */
export function LastUpdated({ now = new Date() }: { now?: Date }) {
  return (
    <Text textStyle="sm" color="fg.muted">
      Last Updated: {LAST_UPDATED.format(now)}
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
