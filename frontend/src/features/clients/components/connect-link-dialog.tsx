import { Alert, Button, Checkbox, Dialog, Field, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCopy, LuLink } from 'react-icons/lu';
import type { Client } from '@shared/clients';
import { CONNECT_LINK_DEFAULT_DAYS, CONNECT_LINK_MAX_DAYS, CONNECT_LINK_MSG, type CreatedConnectLink } from '@shared/connect-links';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { TitledDialog } from '@/components/titled-dialog';
import { toaster } from '@/components/ui/toaster';
import { usePlatforms } from '@/lib/api/connections';
import { formatInZone } from '@/lib/time';
import { useConnectLinks, useCreateConnectLink, useRevokeConnectLink } from '../api/connect-links';

const DAYS = Array.from({ length: CONNECT_LINK_MAX_DAYS }, (_, i) => i + 1);

interface ConnectLinkDialogProps {
  client: Client;
  zone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A client's connect links (docs/workspaces.md#client-connect-links): make one (networks, how many
 * days), copy its URL (shown once: only its hash is stored), and revoke the ones still working.
 */
export function ConnectLinkDialog({ client, zone, open, onOpenChange }: ConnectLinkDialogProps) {
  const platforms = usePlatforms();
  const links = useConnectLinks(client.id);
  const create = useCreateConnectLink(client.id);
  const revoke = useRevokeConnectLink(client.id);
  const offered = (platforms.data?.platforms ?? []).filter((p) => p.available && p.allowed).map((p) => p.platform);
  const [unchecked, setUnchecked] = useState<ReadonlySet<Platform>>(new Set());
  const [days, setDays] = useState(CONNECT_LINK_DEFAULT_DAYS);
  const [made, setMade] = useState<CreatedConnectLink | null>(null);
  const chosen = offered.filter((p) => !unchecked.has(p));

  function toggle(platform: Platform, checked: boolean) {
    setUnchecked((current) => {
      const next = new Set(current);
      if (checked) next.delete(platform);
      else next.add(platform);
      return next;
    });
  }

  function submit() {
    setMade(null);
    create.mutate({ platforms: chosen, expires_in_days: days }, { onSuccess: setMade });
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
    <TitledDialog title={`Connect link for ${client.name}`} open={open} onOpenChange={onOpenChange}>
      <Dialog.Body>
        <Stack gap="5">
          <Text textStyle="sm" color="fg.muted">
            Send this link to {client.name}: they connect their own accounts on each network&apos;s consent page, and the accounts appear here under this
            client. Nobody shares a password.
          </Text>
          <Stack gap="2">
            <Text textStyle="sm" fontWeight="medium">
              Networks
            </Text>
            {platforms.isPending ? (
              <Spinner size="sm" aria-label="Loading the networks" />
            ) : (
              <HStack gap="4" wrap="wrap">
                {offered.map((platform) => (
                  <Checkbox.Root
                    key={platform}
                    size="sm"
                    colorPalette="brand"
                    checked={!unchecked.has(platform)}
                    onCheckedChange={(event) => toggle(platform, event.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{PLATFORM_LABELS[platform]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </HStack>
            )}
          </Stack>
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
            <Alert.Root status="error" size="sm" rounded="lg" data-testid="connect-link-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{create.error.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Button colorPalette="brand" alignSelf="flex-start" onClick={submit} loading={create.isPending} disabled={chosen.length === 0}>
            <LuLink /> Create link
          </Button>
          {chosen.length === 0 && !platforms.isPending ? (
            <Text textStyle="sm" color="fg.error">
              {CONNECT_LINK_MSG.platformsRequired}
            </Text>
          ) : null}
          {made ? (
            <Stack gap="2" data-testid="connect-link-made">
              <Text textStyle="sm">Copy it now: for safety, the link is shown only this once.</Text>
              <HStack gap="2">
                <Input size="sm" readOnly value={made.url} aria-label="Connect link" onFocus={(e) => e.currentTarget.select()} />
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
                      <Text textStyle="sm" truncate>
                        {link.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}
                      </Text>
                      <Text textStyle="xs" color="fg.muted">
                        {`Expires ${formatInZone(link.expires_at, zone, 'MMM d, yyyy, h:mm a')}`}
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
