import { Checkbox, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CONNECT_LINK_DEFAULT_DAYS, CONNECT_LINK_MAX_DAYS, CONNECT_LINK_MSG } from '@shared/connect-links';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { usePlatforms } from '@/lib/api/connections';
import { useConnectLinks, useCreateConnectLink, useRevokeConnectLink } from '../api/connect-links';
import { ClientLinkDialog, type ClientLinkDialogOpenProps } from './client-link-dialog';

/**
 * A client's connect links (docs/workspaces.md#client-connect-links): make one (networks, how many
 * days), copy its URL (shown once: only its hash is stored), and revoke the ones still working.
 */
export function ConnectLinkDialog(props: ClientLinkDialogOpenProps) {
  const { client } = props;
  const platforms = usePlatforms();
  const links = useConnectLinks(client.id);
  const create = useCreateConnectLink(client.id);
  const revoke = useRevokeConnectLink(client.id);
  const offered = (platforms.data?.platforms ?? []).filter((p) => p.available && p.allowed).map((p) => p.platform);
  const [unchecked, setUnchecked] = useState<ReadonlySet<Platform>>(new Set());
  const chosen = offered.filter((p) => !unchecked.has(p));

  function toggle(platform: Platform, checked: boolean) {
    setUnchecked((current) => {
      const next = new Set(current);
      if (checked) next.delete(platform);
      else next.add(platform);
      return next;
    });
  }

  return (
    <ClientLinkDialog
      {...props}
      kind="Connect link"
      intro={`Send this link to ${client.name}: they connect their own accounts on each network's consent page, and the accounts appear here under this client. Nobody shares a password.`}
      fields={
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
      }
      maxDays={CONNECT_LINK_MAX_DAYS}
      defaultDays={CONNECT_LINK_DEFAULT_DAYS}
      links={links}
      create={create}
      revoke={revoke}
      body={(days) => ({ platforms: chosen, expires_in_days: days })}
      createLabel="Create link"
      canCreate={chosen.length > 0}
      hint={chosen.length === 0 && !platforms.isPending ? CONNECT_LINK_MSG.platformsRequired : null}
      describe={(link) => link.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}
    />
  );
}
