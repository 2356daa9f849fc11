import { Alert, Badge, Button, Checkbox, Field, HStack, Input, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { LuWebhook } from 'react-icons/lu';
import {
  CreateWebhookBodySchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_LOG_SIZE,
  WEBHOOK_MSG,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@shared/webhooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ShownOnce } from '@/components/shown-once';
import { toaster } from '@/components/ui/toaster';
import { useMe } from '@/lib/api/me';
import { formatInZone, userTimezone } from '@/lib/time';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useEnableWebhook,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';
import { SettingsCard } from './settings-card';

const WHEN = 'MMM d, yyyy, h:mm:ss a';
type EventType = (typeof WEBHOOK_EVENTS)[number];

/** What the one answer that carries a secret says, and which endpoint it is for. */
interface ShownSecret {
  readonly endpoint: WebhookWithSecret;
  readonly rotated: boolean;
}

/**
 * Settings → Webhooks (docs/webhooks.md), for Admins and the Owner: add an endpoint with the events it
 * wants, copy its signing secret from the one answer that has it, and for each endpoint send a test
 * event, turn it on again, rotate its secret, delete it, and read its last deliveries.
 */
export function WebhooksTab() {
  const zone = userTimezone(useMe().data?.settings.timezone);
  const [shown, setShown] = useState<ShownSecret | null>(null);

  return (
    <Stack gap="6">
      <SettingsCard
        title="Add a webhook endpoint"
        description="We POST each chosen event as signed JSON (Standard Webhooks) to your https endpoint, and retry for more than a day while it fails."
      >
        <CreateWebhookForm onMade={(endpoint) => setShown({ endpoint, rotated: false })} />
        {shown && !shown.rotated ? <SecretShownOnce shown={shown} /> : null}
      </SettingsCard>
      <SettingsCard title="Webhook endpoints" description="An endpoint whose deliveries keep failing is switched off; turn it on again once it answers.">
        {shown?.rotated ? <SecretShownOnce shown={shown} /> : null}
        <EndpointList zone={zone} onRotated={(endpoint) => setShown({ endpoint, rotated: true })} />
      </SettingsCard>
    </Stack>
  );
}

function CreateWebhookForm({ onMade }: { onMade: (made: WebhookWithSecret) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<EventType[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWebhook();

  function toggle(event: EventType, on: boolean) {
    setEvents((now) => (on ? WEBHOOK_EVENTS.filter((e) => e === event || now.includes(e)) : now.filter((e) => e !== event)));
  }

  function submit() {
    // The address itself (https, public, reachable) is the server's to judge: it resolves the name.
    const parsed = CreateWebhookBodySchema.safeParse({ url, events, ...(description.trim() ? { description } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? WEBHOOK_MSG.urlInvalid);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (made) => {
        onMade(made);
        setUrl('');
        setDescription('');
        setEvents([]);
      },
      // What was typed stays, so it can be corrected.
      onError: (e) => setError(e.message),
    });
  }

  return (
    <chakra.form
      noValidate
      aria-label="Add a webhook endpoint"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="3">
        <HStack gap="3" align="flex-start" wrap="wrap">
          <Field.Root flex="2" minW="56" invalid={error !== null}>
            <Field.Label>Endpoint URL</Field.Label>
            <Input type="url" placeholder="https://example.com/webhooks" value={url} onChange={(e) => setUrl(e.target.value)} />
          </Field.Root>
          <Field.Root flex="1" minW="40">
            <Field.Label>Description (optional)</Field.Label>
            <Input placeholder="CRM sync" value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field.Root>
        </HStack>
        <Stack gap="2" role="group" aria-label="Events to send">
          <Text textStyle="sm" fontWeight="medium">
            Events to send
          </Text>
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox.Root
              key={event}
              size="sm"
              colorPalette="brand"
              checked={events.includes(event)}
              onCheckedChange={(d) => toggle(event, d.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {WEBHOOK_EVENT_LABELS[event]}{' '}
                <Text as="span" fontFamily="mono" textStyle="xs" color="fg.muted">
                  {event}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        {error ? (
          <Alert.Root status="error" size="sm" rounded="lg" data-testid="webhook-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{error}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending}>
          <LuWebhook /> Add endpoint
        </Button>
      </Stack>
    </chakra.form>
  );
}

function SecretShownOnce({ shown }: { shown: ShownSecret }) {
  const { endpoint, rotated } = shown;
  return (
    <ShownOnce
      mt="4"
      mb="4"
      data-testid="webhook-secret"
      value={endpoint.secret}
      label={`Signing secret for ${endpoint.url}`}
      noun="secret"
      copiedTitle="Signing secret copied"
      note={`${rotated ? 'New signing secret' : 'Signing secret'} for ${endpoint.url}. Copy it now: you won't see it again.`}
      mono
      emphasis
    />
  );
}

function EndpointList({ zone, onRotated }: { zone: string; onRotated: (endpoint: WebhookWithSecret) => void }) {
  const endpoints = useWebhooks();
  if (endpoints.isPending) return <Spinner size="sm" aria-label="Loading the webhook endpoints" />;
  if (endpoints.isError)
    return (
      <Text textStyle="sm" color="fg.error">
        {endpoints.error.message}
      </Text>
    );
  if (endpoints.data.length === 0)
    return (
      <Text textStyle="sm" color="fg.muted">
        No webhook endpoints yet.
      </Text>
    );
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Webhook endpoints">
      {endpoints.data.map((endpoint) => (
        <EndpointRow key={endpoint.id} endpoint={endpoint} zone={zone} onRotated={onRotated} />
      ))}
    </Stack>
  );
}

function EndpointRow({ endpoint, zone, onRotated }: { endpoint: WebhookEndpoint; zone: string; onRotated: (endpoint: WebhookWithSecret) => void }) {
  const [logOpen, setLogOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const sendTest = useSendWebhookTest();
  const enable = useEnableWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const failed = (title: string) => (error: Error) => toaster.error({ title, description: error.message });

  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="md" px="3" py="2" aria-label={endpoint.url}>
      <HStack gap="2" wrap="wrap">
        <Text textStyle="sm" fontWeight="medium" fontFamily="mono" wordBreak="break-all">
          {endpoint.url}
        </Text>
        {endpoint.enabled ? (
          <Badge size="sm" colorPalette="green">
            Enabled
          </Badge>
        ) : (
          <Badge size="sm" colorPalette="red">
            Disabled
          </Badge>
        )}
      </HStack>
      {endpoint.description ? (
        <Text textStyle="sm" color="fg.muted">
          {endpoint.description}
        </Text>
      ) : null}
      {!endpoint.enabled && endpoint.disabled_reason ? (
        <Text textStyle="xs" color="fg.error">
          {endpoint.disabled_reason}
        </Text>
      ) : null}
      <Text textStyle="xs" color="fg.muted">
        Sends: {endpoint.events.join(', ')}
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button
          size="xs"
          variant="outline"
          loading={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => {
                toaster.success({ title: 'Test event queued', description: 'It shows under Deliveries once sent.' });
                setLogOpen(true);
              },
              onError: failed('Could not send the test event'),
            })
          }
        >
          Send test event
        </Button>
        {endpoint.enabled ? null : (
          <Button
            size="xs"
            variant="outline"
            colorPalette="brand"
            loading={enable.isPending}
            onClick={() =>
              enable.mutate(endpoint.id, {
                onSuccess: () => toaster.success({ title: 'Endpoint turned on' }),
                onError: failed('Could not turn the endpoint on'),
              })
            }
          >
            Turn on again
          </Button>
        )}
        <Button
          size="xs"
          variant="outline"
          loading={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id, { onSuccess: onRotated, onError: failed('Could not rotate the secret') })}
        >
          Rotate secret
        </Button>
        <Button size="xs" variant="outline" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
          Deliveries
        </Button>
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </HStack>
      {logOpen ? <DeliveryLog endpointId={endpoint.id} zone={zone} /> : null}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete the endpoint ${endpoint.url}?`}
        description="It gets no more events, and deliveries not yet sent are dropped."
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toaster.success({ title: 'Endpoint deleted' });
            },
            onError: failed('Could not delete the endpoint'),
          })
        }
      />
    </Stack>
  );
}

const STATE_BADGE: Record<WebhookDelivery['state'], { label: string; palette: string }> = {
  succeeded: { label: 'Success', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
  pending: { label: 'Pending', palette: 'gray' },
};

function DeliveryLog({ endpointId, zone }: { endpointId: string; zone: string }) {
  const deliveries = useWebhookDeliveries(endpointId, true);
  if (deliveries.isPending) return <Spinner size="sm" aria-label="Loading the deliveries" />;
  if (deliveries.isError)
    return (
      <Text textStyle="sm" color="fg.error">
        {deliveries.error.message}
      </Text>
    );
  if (deliveries.data.length === 0)
    return (
      <Text textStyle="sm" color="fg.muted">
        No deliveries yet.
      </Text>
    );
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={`Deliveries (last ${WEBHOOK_LOG_SIZE})`} borderTopWidth="1px" pt="2">
      {deliveries.data.map((delivery) => {
        const last = delivery.attempts.at(-1);
        const badge = STATE_BADGE[delivery.state];
        return (
          // On a phone a delivery wraps onto lines of its own: tight within, apart from the next one.
          <HStack
            as="li"
            key={delivery.event_id}
            columnGap="3"
            rowGap="0.5"
            wrap="wrap"
            textStyle="xs"
            aria-label={`${delivery.event_type} ${delivery.event_id}`}
          >
            <Badge size="sm" colorPalette={badge.palette}>
              {badge.label}
            </Badge>
            <Text fontFamily="mono">{delivery.event_type}</Text>
            <Text color="fg.muted">{formatInZone(delivery.created_at, zone, WHEN)}</Text>
            <Text color="fg.muted">
              {delivery.attempts.length} {delivery.attempts.length === 1 ? 'attempt' : 'attempts'}
            </Text>
            <Text color="fg.muted">
              {last ? (last.status === null ? `no answer${last.error ? `: ${last.error}` : ''}` : `HTTP ${last.status}`) : 'not sent yet'}
            </Text>
          </HStack>
        );
      })}
    </Stack>
  );
}
