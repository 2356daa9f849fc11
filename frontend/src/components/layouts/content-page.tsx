import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PublicLayout } from './public-layout';

interface ContentPageProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** A public static page: a way back home, a title and readable text width. */
export function ContentPage({ title, intro, children }: ContentPageProps) {
  return (
    <PublicLayout>
      <Container maxW="3xl" py={{ base: '10', md: '16' }}>
        <Stack gap="8">
          <Link asChild textStyle="sm" color="fg.muted" _hover={{ color: 'fg' }} alignSelf="flex-start">
            <RouterLink to={paths.landing.getHref()}>
              <LuArrowLeft /> Back to home
            </RouterLink>
          </Link>
          <Stack gap="3">
            <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
              {title}
            </Heading>
            {intro ? <Text color="fg.muted">{intro}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Container>
    </PublicLayout>
  );
}
