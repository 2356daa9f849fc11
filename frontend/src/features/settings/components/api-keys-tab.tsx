import { Alert, Badge, Button, Field, HStack, Input, Link, NativeSelect, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { API_KEY_MSG, CreateApiKeyBodySchema, type CreatedApiKey } from '@shared/api-keys';
import { ROLE_DESCRIPTIONS, ROLE_NAMES, ROLES, roleAtLeast, type Role } from '@shared/workspaces';
import { ShownOnce } from '@/components/shown-once';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/api/workspaces';
import { useMe } from '@/lib/api/me';
import { formatInZone, userTimezone } from '@/lib/time';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { SettingsCard } from './settings-card';

const WHEN = 'MMM d, yyyy, h:mm a';

/**
 * Settings → API keys (docs/public-api.md), for Admins and the Owner: make a key (name, a role up to
 * one's own, an optional expiry), copy it from the one answer that has it, and revoke keys.
 */
export function ApiKeysTab() {
  const { workspace } = useCurrentWorkspace();
  const zone = userTimezone(useMe().data?.settings.timezone);
  const mine: Role = workspace?.role ?? 'contributor';
  const [made, setMade] = useState<CreatedApiKey | null>(null);

  return (
    <Stack gap="6">
      <SettingsCard
        title="Create an API key"
        description={`A key lets a program use the public API (/v1) in ${workspace?.name ?? 'this workspace'}, with the role you give it.`}
      >
        <CreateKeyForm mine={mine} onMade={setMade} />
        {made ? (
          <ShownOnce mt="4" data-testid="api-key-made" value={made.key} label={`API key ${made.name}`} noun="key" note={API_KEY_MSG.shownOnce} mono emphasis />
        ) : null}
      </SettingsCard>
      <SettingsCard title="API keys" description="Revoking a key refuses it from its next request on.">
        <KeyList mine={mine} zone={zone} />
      </SettingsCard>
      <Text>
        What a key can call, with every route's inputs and answers:{' '}
        <Link asChild colorPalette="brand" variant="underline">
          <RouterLink to={paths.app.apiReference.getHref()}>API reference</RouterLink>
        </Link>
      </Text>
    </Stack>
  );
}

function CreateKeyForm({ mine, onMade }: { mine: Role; onMade: (made: CreatedApiKey) => void }) {
  const roles = ROLES.filter((r) => roleAtLeast(mine, r));
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>(roleAtLeast(mine, 'editor') ? 'editor' : mine);
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();

  function submit() {
    // A date input gives a local day; the key works until the end of it.
    const expires_at = expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null;
    const parsed = CreateApiKeyBodySchema.safeParse({ name, role, expires_at });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? API_KEY_MSG.nameRequired);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        onMade(key);
        setName('');
        setExpiry('');
      },
      onError: (e) => setError(e.message),
    });
  }

  return (
    <chakra.form
      noValidate
      aria-label="Create an API key"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="3">
        <HStack gap="3" align="flex-start" wrap="wrap">
          <Field.Root flex="2" minW="48" invalid={error !== null}>
            <Field.Label>Name</Field.Label>
            <Input placeholder="Zapier" value={name} onChange={(e) => setName(e.target.value)} />
          </Field.Root>
          <Field.Root flex="1" minW="36">
            <Field.Label>Role</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_NAMES[r]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root flex="1" minW="36">
            <Field.Label>Expires (optional)</Field.Label>
            <Input type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
          </Field.Root>
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          {ROLE_NAMES[role]}: {ROLE_DESCRIPTIONS[role]}
        </Text>
        {error ? (
          <Alert.Root status="error" size="sm" rounded="lg" data-testid="api-key-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{error}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending}>
          <LuKeyRound /> Create key
        </Button>
      </Stack>
    </chakra.form>
  );
}

function KeyList({ mine, zone }: { mine: Role; zone: string }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  if (keys.isPending) return <Spinner size="sm" aria-label="Loading the API keys" />;
  if (keys.isError)
    return (
      <Text textStyle="sm" color="fg.error">
        {keys.error.message}
      </Text>
    );
  if (keys.data.length === 0)
    return (
      <Text textStyle="sm" color="fg.muted">
        No API keys yet.
      </Text>
    );
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="API keys">
      {keys.data.map((key) => (
        <HStack as="li" key={key.id} justify="space-between" gap="3" borderWidth="1px" rounded="md" px="3" py="2" aria-label={key.name}>
          <Stack gap="0.5" minW="0">
            <HStack gap="2">
              <Text textStyle="sm" fontWeight="medium" truncate>
                {key.name}
              </Text>
              <Badge size="sm">{ROLE_NAMES[key.role]}</Badge>
            </HStack>
            <Text textStyle="xs" fontFamily="mono" color="fg.muted">
              {key.masked}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {key.last_used_at ? `Last used ${formatInZone(key.last_used_at, zone, WHEN)}` : 'Never used'}
              {' · '}
              {key.expires_at ? `Expires ${formatInZone(key.expires_at, zone, WHEN)}` : 'Never expires'}
            </Text>
          </Stack>
          {roleAtLeast(mine, key.role) ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Revoke ${key.name}`}
              loading={revoke.isPending && revoke.variables === key.id}
              onClick={() =>
                revoke.mutate(key.id, {
                  onSuccess: () => toaster.success({ title: 'Key revoked' }),
                  onError: (error) => toaster.error({ title: 'Could not revoke the key', description: error.message }),
                })
              }
            >
              Revoke
            </Button>
          ) : null}
        </HStack>
      ))}
    </Stack>
  );
}
