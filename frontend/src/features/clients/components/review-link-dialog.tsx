import { Alert, Button, Dialog, Field, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCopy, LuLink } from 'react-icons/lu';
import type { Client } from '@shared/clients';
import { REVIEW_LINK_DEFAULT_DAYS, REVIEW_LINK_MAX_DAYS, type CreatedReviewLink } from '@shared/review-links';
import { TitledDialog } from '@/components/titled-dialog';
import { toaster } from '@/components/ui/toaster';
import { formatInZone } from '@/lib/time';
import { useCreateReviewLink, useReviewLinks, useRevokeReviewLink } from '../api/review-links';

const DAYS = Array.from({ length: REVIEW_LINK_MAX_DAYS }, (_, i) => i + 1);
const EXPIRY_FORMAT = 'MMM d, yyyy, h:mm a';

interface ReviewLinkDialogProps {
  client: Client;
  zone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A client's review links (docs/review-links.md): make one (how many days), copy its URL (shown
 * once: only its hash is stored), and revoke the ones still working.
 */
export function ReviewLinkDialog({ client, zone, open, onOpenChange }: ReviewLinkDialogProps) {
  const links = useReviewLinks(client.id);
  const create = useCreateReviewLink(client.id);
  const revoke = useRevokeReviewLink(client.id);
  const [days, setDays] = useState(REVIEW_LINK_DEFAULT_DAYS);
  const [made, setMade] = useState<CreatedReviewLink | null>(null);

  function submit() {
    setMade(null);
    create.mutate({ expires_in_days: days }, { onSuccess: setMade });
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toaster.success({ title: 'Link copied' });
    } catch {
      toaster.error({ title: 'Could not copy the link', description: 'Select it and copy it yourself.' });
    }
  }

  return (
    <TitledDialog title={`Review link for ${client.name}`} open={open} onOpenChange={onOpenChange}>
      <Dialog.Body>
        <Stack gap="5">
          <Text textStyle="sm" color="fg.muted">
            Send this link to {client.name}: without an account, they see their upcoming posts as each network will show them, and approve each one or ask for
            changes. Nothing else of this workspace is shown.
          </Text>
          <Field.Root maxW="48">
            <Field.Label>Works for</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field aria-label="Days the link works" value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
                {DAYS.map((d) => (
                  <option key={d} value={d}>
                    {d === 1 ? '1 day' : `${d} days`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {create.isError ? (
            <Alert.Root status="error" size="sm" rounded="lg" data-testid="review-link-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{create.error.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Button colorPalette="brand" alignSelf="flex-start" onClick={submit} loading={create.isPending}>
            <LuLink /> Create review link
          </Button>
          {made ? (
            <Stack gap="2" data-testid="review-link-made">
              <Text textStyle="sm">
                Copy it now: for safety, the link is shown only this once. It works until {formatInZone(made.expires_at, zone, EXPIRY_FORMAT)}.
              </Text>
              <HStack gap="2">
                <Input size="sm" readOnly value={made.url} aria-label="Review link" onFocus={(e) => e.currentTarget.select()} />
                <Button size="sm" variant="outline" onClick={() => void copy(made.url)}>
                  <LuCopy /> Copy
                </Button>
              </HStack>
            </Stack>
          ) : null}
          <Stack gap="2">
            <Text textStyle="sm" fontWeight="medium">
              Active links
            </Text>
            {links.isPending ? (
              <Spinner size="sm" aria-label="Loading the links" />
            ) : links.isError ? (
              <Text textStyle="sm" color="fg.error">
                {links.error.message}
              </Text>
            ) : links.data.length === 0 ? (
              <Text textStyle="sm" color="fg.muted">
                No active links.
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Active links">
                {links.data.map((link) => (
                  <HStack as="li" key={link.id} justify="space-between" gap="3" borderWidth="1px" rounded="md" px="3" py="2">
                    <Stack gap="0" minW="0">
                      <Text textStyle="sm">{`Created ${formatInZone(link.created_at, zone, EXPIRY_FORMAT)}`}</Text>
                      <Text textStyle="xs" color="fg.muted">
                        {`Expires ${formatInZone(link.expires_at, zone, EXPIRY_FORMAT)}`}
                      </Text>
                    </Stack>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      loading={revoke.isPending && revoke.variables === link.id}
                      onClick={() =>
                        revoke.mutate(link.id, {
                          onSuccess: () => toaster.success({ title: 'Link revoked' }),
                          onError: (error) => toaster.error({ title: 'Could not revoke the link', description: error.message }),
                        })
                      }
                    >
                      Revoke
                    </Button>
                  </HStack>
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      </Dialog.Body>
    </TitledDialog>
  );
}
