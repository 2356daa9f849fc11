import { HStack, List, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';

export function PlanFeatures({ features }: { features: readonly string[] }) {
  return (
    <List.Root gap="2" variant="plain">
      {features.map((feature) => (
        <List.Item key={feature}>
          <HStack gap="2" align="start">
            <Text as="span" color="brand.fg" mt="1" aria-hidden>
              <LuCheck />
            </Text>
            <Text textStyle="sm">{feature}</Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
