import { Badge, Box, Dialog, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuBadgeCheck } from 'react-icons/lu';
import type { FacebookPageInfo as PageInfo, SocialAccount } from '@shared/accounts';
import { TitledDialog } from '@/components/titled-dialog';
import { toaster } from '@/components/ui/toaster';
import { usePageInfo } from '../api/get-page-info';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text textStyle="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box textStyle="sm">{children}</Box>
    </Stack>
  );
}

function locationText(location: PageInfo['location']): string | null {
  const parts = [location?.city, location?.country].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

const DAYS: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** Graph's flat map ({ mon_1_open: "09:00", mon_1_close: "17:00", … }) as one line per day. */
function openingHours(hours: Record<string, string>): [string, string][] {
  const byDay = new Map<string, string[]>();
  for (const day of Object.keys(DAYS)) {
    const ranges: string[] = [];
    for (let slot = 1; hours[`${day}_${slot}_open`]; slot++) {
      ranges.push(`${hours[`${day}_${slot}_open`]}–${hours[`${day}_${slot}_close`] ?? ''}`);
    }
    if (ranges.length) byDay.set(DAYS[day], ranges);
  }
  return [...byDay].map(([day, ranges]) => [day, ranges.join(', ')]);
}

function PageInfoBody({ info }: { info: PageInfo }) {
  const hours = openingHours(info.hours ?? {});
  const location = locationText(info.location);
  return (
    <Stack gap="4" data-testid="page-info">
      {/* Facebook shows covers at 820×312; the frame keeps that shape whatever the image's size. */}
      {info.cover ? (
        <Image src={info.cover} alt={`${info.name} cover`} rounded="md" w="full" aspectRatio="820 / 312" objectFit="cover" data-testid="page-cover" />
      ) : null}
      <HStack gap="3">
        {info.picture ? (
          <Image src={info.picture} alt={`${info.name} picture`} boxSize="12" flexShrink={0} rounded="full" objectFit="cover" data-testid="page-picture" />
        ) : null}
        <Stack gap="0" minW="0">
          <HStack gap="1.5">
            <Text fontWeight="semibold">{info.name}</Text>
            {info.is_verified ? (
              <Box color="blue.500" aria-hidden>
                <LuBadgeCheck />
              </Box>
            ) : null}
          </HStack>
          {info.category ? (
            <Text textStyle="sm" color="fg.muted">
              {info.category}
            </Text>
          ) : null}
        </Stack>
      </HStack>
      <Field label="Verification">
        <Badge colorPalette={info.is_verified ? 'green' : 'gray'}>{info.is_verified ? 'Verified' : 'Not verified'}</Badge>
      </Field>
      <Field label="Location">{location ?? <Text color="fg.muted">Not set</Text>}</Field>
      <Field label="Opening hours">
        {hours.length ? (
          <Stack as="dl" gap="0.5">
            {hours.map(([day, time]) => (
              <HStack key={day} justify="space-between">
                <Text as="dt">{day}</Text>
                <Text as="dd">{time}</Text>
              </HStack>
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">Not set</Text>
        )}
      </Field>
    </Stack>
  );
}

/** A Facebook Page's public details (docs/product-rules.md#platforms-page). */
export interface PageInfoDialogProps {
  account: SocialAccount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function PageInfoDialog({ account, open, onOpenChange }: PageInfoDialogProps) {
  const query = usePageInfo(account.id, { enabled: open });

  useEffect(() => {
    if (!query.isError) return;
    const description = query.error.message;
    // After the commit: the toaster flushes synchronously, which React refuses inside an effect's render pass.
    queueMicrotask(() => toaster.error({ title: 'Error loading page info', description }));
    onOpenChange(false);
  }, [query.isError, query.error, onOpenChange]);

  return (
    <TitledDialog title="Page info" open={open} onOpenChange={onOpenChange}>
      <Dialog.Body pb="6">
        {query.data ? (
          <PageInfoBody info={query.data} />
        ) : (
          <Stack gap="3" role="status" aria-label="Loading page info">
            <Skeleton h="24" />
            <Skeleton h="5" w="60%" />
            <Skeleton h="5" w="40%" />
          </Stack>
        )}
      </Dialog.Body>
    </TitledDialog>
  );
}
