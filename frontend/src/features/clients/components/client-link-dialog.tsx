import { Alert, Button, Dialog, Field, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LuLink } from 'react-icons/lu';
import type { Client } from '@shared/clients';
import { ShownOnce } from '@/components/shown-once';
import { TitledDialog } from '@/components/titled-dialog';
import { toaster } from '@/components/ui/toaster';
import { formatInZone } from '@/lib/time';

export const LINK_TIME_FORMAT = 'MMM d, yyyy, h:mm a';

interface ListedLink {
  id: string;
  expires_at: string;
}

/** What the clients page gives a link dialog. */
export interface ClientLinkDialogOpenProps {
  client: Client;
  zone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface ClientLinkDialogProps<L extends ListedLink, B> extends ClientLinkDialogOpenProps {
  /** Which link: names the dialog ("Review link for …"), the field and the test hooks ("review-link-made"). */
  kind: 'Review link' | 'Connect link';
  /** What the client can do with the link. */
  intro: ReactNode;
  /** Choices of this kind of link, above "Works for". */
  fields?: ReactNode;
  maxDays: number;
  defaultDays: number;
  links: UseQueryResult<L[], Error>;
  create: UseMutationResult<L & { url: string }, Error, B>;
  revoke: UseMutationResult<unknown, Error, string>;
  /** The creation body for a link that works `days` days. */
  body: (days: number) => B;
  createLabel: string;
  /** False while the choices above cannot make a link. */
  canCreate?: boolean;
  /** Shown under the button: why no link can be made yet. */
  hint?: ReactNode;
  /** The created link's note also says until when it works. */
  madeSaysExpiry?: boolean;
  /** A listed link's first line; its expiry is the second. */
  describe: (link: L) => string;
}

/**
 * A client link's dialog: make one for some days, copy its URL (shown once: only its hash is
 * stored), and revoke the ones still working. Review links (docs/review-links.md) and connect
 * links (docs/workspaces.md#client-connect-links) differ only in what they ask and list.
 */
export function ClientLinkDialog<L extends ListedLink, B>(props: ClientLinkDialogProps<L, B>) {
  const { kind, zone, links, create, revoke, canCreate = true } = props;
  const testId = kind.toLowerCase().replace(' ', '-');
  const [days, setDays] = useState(props.defaultDays);
  const [made, setMade] = useState<(L & { url: string }) | null>(null);
  const choices = Array.from({ length: props.maxDays }, (_, i) => i + 1);

  function submit() {
    setMade(null);
    create.mutate(props.body(days), { onSuccess: setMade });
  }

  return (
    <TitledDialog title={`${kind} for ${props.client.name}`} open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Body>
        <Stack gap="5">
          <Text textStyle="sm" color="fg.muted">
            {props.intro}
          </Text>
          {props.fields}
          <Field.Root maxW="48">
            <Field.Label>Works for</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field aria-label="Days the link works" value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
                {choices.map((d) => (
                  <option key={d} value={d}>
                    {d === 1 ? '1 day' : `${d} days`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {create.isError ? (
            <Alert.Root status="error" size="sm" rounded="lg" data-testid={`${testId}-error`}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{create.error.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Button colorPalette="brand" alignSelf="flex-start" onClick={submit} loading={create.isPending} disabled={!canCreate}>
            <LuLink /> {props.createLabel}
          </Button>
          {props.hint ? (
            <Text textStyle="sm" color="fg.error">
              {props.hint}
            </Text>
          ) : null}
          {made ? (
            <ShownOnce
              data-testid={`${testId}-made`}
              value={made.url}
              label={kind}
              noun="link"
              note={`Copy it now: for safety, the link is shown only this once.${
                props.madeSaysExpiry ? ` It works until ${formatInZone(made.expires_at, zone, LINK_TIME_FORMAT)}.` : ''
              }`}
            />
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
                        {props.describe(link)}
                      </Text>
                      <Text textStyle="xs" color="fg.muted">
                        {`Expires ${formatInZone(link.expires_at, zone, LINK_TIME_FORMAT)}`}
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
