import { Button, Card, Center, Grid, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { LuPlug } from 'react-icons/lu';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { useConnections } from '@/lib/api/connections';
import { useMe } from '@/lib/api/me';
import { userTimezone } from '@/lib/time';
import { ComposeForm } from './compose-form';

function ComposeSkeleton() {
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 380px)' }} gap="6" role="status" aria-label="Loading compose">
      <Stack gap="6">
        <Card.Root variant="outline" rounded="xl">
          <Card.Body gap="4">
            <Skeleton h="5" w="40%" />
            <Grid templateColumns="repeat(2, 1fr)" gap="2">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} h="10" rounded="lg" />
              ))}
            </Grid>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" rounded="xl">
          <Card.Body gap="4">
            <Skeleton h="5" w="30%" />
            <SkeletonText noOfLines={4} />
          </Card.Body>
        </Card.Root>
      </Stack>
      <Stack gap="6">
        <Skeleton h="48" rounded="xl" />
        <Skeleton h="64" rounded="xl" />
      </Stack>
    </Grid>
  );
}

function NoAccounts() {
  return (
    <Card.Root variant="outline" rounded="xl" bg="bg.panel" maxW="xl" mx="auto" w="full">
      <Card.Body alignItems="center" textAlign="center" py="12" gap="4">
        <Center boxSize="12" rounded="full" bg="brand.muted" color="brand.fg" fontSize="xl" aria-hidden>
          <LuPlug />
        </Center>
        <Stack gap="1">
          <Text fontWeight="semibold" textStyle="lg">
            Connect an account to start posting
          </Text>
          <Text color="fg.muted" textStyle="sm">
            Link Instagram, Facebook, X or TikTok, then come back to compose and schedule your first post.
          </Text>
        </Stack>
        <Button asChild colorPalette="brand">
          <Link to={paths.app.platforms.getHref()}>Connect an account</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** /home/compose (docs/product-rules.md#compose). */
export function ComposePage() {
  const me = useMe();
  const accounts = useConnections();
  const zone = userTimezone(me.data?.settings.timezone);
  const connected = accounts.data?.filter((a) => a.is_connected) ?? [];

  let body;
  if (accounts.isPending || me.isPending) body = <ComposeSkeleton />;
  else if (accounts.isError) {
    body = <LoadError message="Couldn't load your accounts" onRetry={() => void accounts.refetch()} retrying={accounts.isRefetching} />;
  } else if (connected.length === 0) body = <NoAccounts />;
  else body = <ComposeForm accounts={connected} zone={zone} draftUserId={me.data?.userId} />;

  return (
    <Stack gap="6">
      <PageHeader title="Compose" description="Create a post, tailor it per platform, and schedule it or save a draft." />
      {body}
    </Stack>
  );
}
