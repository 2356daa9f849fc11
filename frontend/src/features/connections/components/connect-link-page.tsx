import { Alert, Badge, Button, Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { LuLink } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { CONNECT_LINK_MSG, ConnectLinkTokenSchema } from '@shared/connect-links';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { PlatformIcon } from '@/components/platform-icon';
import { LinkCard } from '@/components/link-card';
import { browserTimezone, formatInZone } from '@/lib/time';
import { connectLinkPreviewKey, startConnectLink, useConnectLinkPreview } from '../api/connect-link';
import { readConnectionResult, rememberConnectLink } from '../connection-result';
import { useConnectAccount, type ConnectOutcome } from '../hooks/use-connect-account';

function Problem({ message }: { message: string }) {
  return (
    <Text role="alert" data-testid="connect-link-problem">
      {message}
    </Text>
  );
}

const accounts = (n: number) => (n === 1 ? '1 account connected' : `${n} accounts connected`);

/**
 * /connect?token=…, an agency's client connect link (docs/workspaces.md#client-connect-links), opened
 * without an account: a button per network opens its consent page in the same popup the signed-in
 * connect uses; the accounts land in the agency's workspace under this client.
 */
export function ConnectLinkPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenValid = ConnectLinkTokenSchema.safeParse(token).success;
  const preview = useConnectLinkPreview(token);
  const queryClient = useQueryClient();
  const [returned] = useState(() => readConnectionResult(params));
  const [connected, setConnected] = useState<Platform[]>(() => (returned.status === 'ok' && returned.provider && !returned.error ? [returned.provider] : []));
  const [failure, setFailure] = useState<string | null>(returned.error);
  const start = useCallback((platform: Platform) => startConnectLink(token, platform), [token]);
  const onOutcome = useCallback(
    (outcome: ConnectOutcome) => {
      if (outcome.ok) {
        setFailure(null);
        setConnected((list) => (list.includes(outcome.platform) ? list : [...list, outcome.platform]));
      } else {
        setFailure(outcome.message);
      }
      void queryClient.invalidateQueries({ queryKey: connectLinkPreviewKey(token) });
    },
    [queryClient, token],
  );
  const { connect, connecting } = useConnectAccount({ start, onOutcome });

  // Back from a consent popup that lost its opener, the callback's result is in the query: shown, then dropped from the URL.
  const cameBack = params.has('status') || params.has('error');
  useEffect(() => {
    if (cameBack) setParams({ token }, { replace: true });
  }, [cameBack, setParams, token]);

  let body;
  if (!tokenValid) body = <Problem message={CONNECT_LINK_MSG.invalid} />;
  else if (preview.isPending)
    body = (
      <Center py="8">
        <Spinner aria-label="Loading the link" />
      </Center>
    );
  else if (preview.isError) body = <Problem message={preview.error.message} />;
  else {
    const link = preview.data;
    const expires = formatInZone(link.expires_at, browserTimezone(), 'MMM d, yyyy, h:mm a');
    body = (
      <Stack gap="5">
        <Stack gap="2">
          <Text data-testid="connect-link-summary">
            <Text as="strong">{link.workspace_name}</Text> asks you to connect <Text as="strong">{link.client_name}</Text>&apos;s accounts.
          </Text>
          <Text textStyle="sm" color="fg.muted">
            You sign in on each network&apos;s own page; {link.workspace_name} never sees your password. This link works until {expires}.
          </Text>
        </Stack>
        {connected.length > 0 ? (
          <Alert.Root status="success" size="sm" rounded="lg" data-testid="connect-link-result">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>Connected: {connected.map((p) => PLATFORM_LABELS[p]).join(', ')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {failure ? (
          <Alert.Root status="error" size="sm" rounded="lg" data-testid="connect-link-failure">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Networks">
          {link.platforms.map(({ platform, available, connected_count }) => (
            <HStack as="li" key={platform} justify="space-between" gap="3" borderWidth="1px" rounded="lg" px="3" py="2">
              <HStack gap="2" minW="0">
                <PlatformIcon platform={platform} />
                <Stack gap="0">
                  <Text fontWeight="medium">{PLATFORM_LABELS[platform]}</Text>
                  {connected_count > 0 ? (
                    <Text textStyle="xs" color="fg.muted">
                      {accounts(connected_count)}
                    </Text>
                  ) : null}
                </Stack>
              </HStack>
              {available ? (
                <Button
                  size="sm"
                  colorPalette="brand"
                  variant={connected_count > 0 ? 'outline' : 'solid'}
                  loading={connecting === platform}
                  disabled={connecting !== null && connecting !== platform}
                  onClick={() => {
                    rememberConnectLink(token);
                    connect(platform);
                  }}
                >
                  {connected_count > 0 ? 'Connect another' : `Connect ${PLATFORM_LABELS[platform]}`}
                </Button>
              ) : (
                <Badge>Coming soon</Badge>
              )}
            </HStack>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <LinkCard icon={<LuLink />} title="Connect your accounts">
      {body}
    </LinkCard>
  );
}
