import { Box, HStack, Text } from '@chakra-ui/react';
import { LuCalendarCheck } from 'react-icons/lu';
import { PRODUCT_NAME } from '@/config/product';

export function LogoMark({ size = '8' }: { size?: string }) {
  return (
    <Box
      display="grid"
      placeItems="center"
      boxSize={size}
      flexShrink={0}
      rounded="lg"
      bgGradient="to-br"
      gradientFrom="brand.400"
      gradientTo="brand.700"
      color="white"
      fontSize="md"
      shadow="sm"
      aria-hidden
    >
      <LuCalendarCheck />
    </Box>
  );
}

/** The product mark and name; `compact` hides the name (collapsed sidebar), `small` fits the 16rem sidebar. */
export function Logo({ compact = false, small = false }: { compact?: boolean; small?: boolean }) {
  return (
    <HStack gap="2.5" minW="0">
      <LogoMark />
      {compact ? null : (
        <Text fontWeight="semibold" letterSpacing="tight" textStyle={small ? 'sm' : 'md'} truncate>
          {PRODUCT_NAME}
        </Text>
      )}
    </HStack>
  );
}
