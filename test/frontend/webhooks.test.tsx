import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MSG, type WebhookDelivery, type WebhookEndpoint } from '@shared/webhooks';
import type { WorkspaceSummary } from '@shared/workspaces';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const ENDPOINT_ID = '01JQ0000000000000000000WH1';
const DISABLED_ID = '01JQ0000000000000000000WH2';
const SECRET = `whsec_${'s'.repeat(43)}=`;
const ROTATED = `whsec_${'r'.repeat(43)}=`;
const GOOD_URL = 'https://crm.example.com/hooks';
const workspace = (role: WorkspaceSummary['role']): WorkspaceSummary => ({ id: 'user-alice', name: 'Bakery team', role });
const disabled: WebhookEndpoint = {
  id: DISABLED_ID,
  url: 'https://old.example.com/in',
  description: 'Old CRM',
  events: ['post.failed'],
  enabled: false,
  disabled_reason: 'Switched off after 5 deliveries in a row failed.',
  created_at: '2026-03-01T12:00:00.000Z',
  consecutive_failures: 5,
};

/**
 * A fake of the webhook routes that behaves like the server: the secret only in the create answer, a
 * private address refused with its message, the test event stored as a pending delivery.
 */
function settingsWithWebhooks(role: WorkspaceSummary['role'], existing: WebhookEndpoint[] = []) {
  let endpoints = [...existing];
  const deliveries: WebhookDelivery[] = [];
  return mockApi({
    ...shellRoutes(),
    'GET /workspaces': { body: { items: [workspace(role)] } },
    'GET /workspace/webhooks': () => ({ body: { items: endpoints } }),
    'POST /workspace/webhooks': (call) => {
      const body = call.body as { url: string; events: WebhookEndpoint['events']; description?: string };
      if (!body.url.startsWith('https://')) return { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: WEBHOOK_MSG.urlHttps } } };
      const view: WebhookEndpoint = {
        id: ENDPOINT_ID,
        url: body.url,
        description: body.description ?? '',
        events: body.events,
        enabled: true,
        disabled_reason: null,
        created_at: '2026-03-14T12:00:00.000Z',
        consecutive_failures: 0,
      };
      endpoints = [view, ...endpoints];
      return { status: 201, body: { ...view, secret: SECRET } };
    },
    [`POST /workspace/webhooks/${ENDPOINT_ID}/test`]: () => {
      deliveries.unshift({
        event_id: '01JQ0000000000000000000EV1',
        event_type: 'webhook.test',
        created_at: '2026-03-14T12:01:00.000Z',
        state: 'succeeded',
        attempts: [{ at: '2026-03-14T12:01:01.000Z', status: 204, duration_ms: 80, error: null }],
        next_attempt_at: null,
      });
      return { status: 202, body: { event_id: '01JQ0000000000000000000EV1' } };
    },
    [`POST /workspace/webhooks/${ENDPOINT_ID}/rotate-secret`]: () => ({ body: { ...endpoints.find((e) => e.id === ENDPOINT_ID)!, secret: ROTATED } }),
    [`GET /workspace/webhooks/${ENDPOINT_ID}/deliveries`]: () => ({ body: { items: deliveries } }),
    [`GET /workspace/webhooks/${DISABLED_ID}/deliveries`]: {
      body: {
        items: [
          {
            event_id: '01JQ0000000000000000000EV2',
            event_type: 'post.failed',
            created_at: '2026-03-02T09:00:00.000Z',
            state: 'failed',
            attempts: Array.from({ length: 10 }, () => ({ at: '2026-03-02T09:00:00.000Z', status: 503, duration_ms: 20, error: null })),
            next_attempt_at: null,
          },
        ] satisfies WebhookDelivery[],
      },
    },
    [`POST /workspace/webhooks/${DISABLED_ID}/enable`]: () => {
      endpoints = endpoints.map((e) => (e.id === DISABLED_ID ? { ...e, enabled: true, disabled_reason: null, consecutive_failures: 0 } : e));
      return { body: endpoints.find((e) => e.id === DISABLED_ID) };
    },
    [`DELETE /workspace/webhooks/${ENDPOINT_ID}`]: () => {
      endpoints = endpoints.filter((e) => e.id !== ENDPOINT_ID);
      return { status: 204 };
    },
  });
}

describe('Settings → Webhooks', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });

  it('adds an endpoint and shows its secret once, with a copy button, never in the list', async () => {
    const api = settingsWithWebhooks('admin');
    const { user } = renderApp('/home/settings?tab=webhooks');
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();

    // Pasted, as an address usually is (and typing one key at a time costs seconds here).
    await user.click(screen.getByLabelText('Endpoint URL'));
    await user.paste(GOOD_URL);
    await user.type(screen.getByLabelText('Description (optional)'), 'CRM');
    await user.click(screen.getByRole('checkbox', { name: new RegExp(WEBHOOK_EVENT_LABELS['post.scheduled']) }));
    await user.click(screen.getByRole('checkbox', { name: new RegExp(WEBHOOK_EVENT_LABELS['post.published']) }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByLabelText(`Signing secret for ${GOOD_URL}`)).toHaveValue(SECRET);
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent("you won't see it again");
    expect(api.callsTo('POST', '/workspace/webhooks')[0]!.body).toEqual({ url: GOOD_URL, events: ['post.scheduled', 'post.published'], description: 'CRM' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    const row = await within(list).findByRole('listitem', { name: GOOD_URL });
    expect(row).toHaveTextContent('Enabled');
    expect(row).toHaveTextContent('post.scheduled, post.published');
    expect(list).not.toHaveTextContent(SECRET);
  });

  it('sends a test event, lists its delivery, rotates the secret and deletes the endpoint after asking', async () => {
    const api = settingsWithWebhooks('admin', [{ ...disabled, id: ENDPOINT_ID, url: GOOD_URL, enabled: true, disabled_reason: null, consecutive_failures: 0 }]);
    const { user } = renderApp('/home/settings?tab=webhooks');
    const row = await screen.findByRole('listitem', { name: GOOD_URL });

    await user.click(within(row).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(api.callsTo('POST', `/workspace/webhooks/${ENDPOINT_ID}/test`)).toHaveLength(1));
    const log = await within(row).findByRole('list', { name: /Deliveries/ });
    const delivery = await within(log).findByRole('listitem', { name: /webhook\.test/ });
    expect(delivery).toHaveTextContent('Success');
    expect(delivery).toHaveTextContent('1 attempt');
    expect(delivery).toHaveTextContent('HTTP 204');

    await user.click(within(row).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByLabelText(`Signing secret for ${GOOD_URL}`)).toHaveValue(ROTATED);
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent(
      "New signing secret for https://crm.example.com/hooks. Copy it now: you won't see it again.",
    );

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/workspace/webhooks/${ENDPOINT_ID}`)).toHaveLength(1));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
  });

  it("shows the server's message for a refused address, keeps what was typed and adds nothing", async () => {
    const api = settingsWithWebhooks('owner');
    const { user } = renderApp('/home/settings?tab=webhooks');
    await screen.findByText('No webhook endpoints yet.');

    await user.click(screen.getByLabelText('Endpoint URL'));
    await user.paste('http://crm.example.com/hooks');
    await user.click(screen.getByRole('checkbox', { name: new RegExp(WEBHOOK_EVENT_LABELS['post.failed']) }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByTestId('webhook-error')).toHaveTextContent(WEBHOOK_MSG.urlHttps);
    expect(api.callsTo('POST', '/workspace/webhooks')).toHaveLength(1);
    expect(screen.getByLabelText('Endpoint URL')).toHaveValue('http://crm.example.com/hooks');
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    expect(screen.getByText('No webhook endpoints yet.')).toBeInTheDocument();
  });

  it('shows a switched-off endpoint with its reason and failed deliveries, and turns it on again', async () => {
    const api = settingsWithWebhooks('admin', [disabled]);
    const { user } = renderApp('/home/settings?tab=webhooks');

    const row = await screen.findByRole('listitem', { name: disabled.url });
    expect(row).toHaveTextContent('Disabled');
    expect(row).toHaveTextContent(disabled.disabled_reason!);
    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const delivery = await within(row).findByRole('listitem', { name: /post\.failed/ });
    expect(delivery).toHaveTextContent('Failed');
    expect(delivery).toHaveTextContent('10 attempts');
    expect(delivery).toHaveTextContent('HTTP 503');

    await user.click(within(row).getByRole('button', { name: 'Turn on again' }));
    await waitFor(() => expect(api.callsTo('POST', `/workspace/webhooks/${DISABLED_ID}/enable`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('listitem', { name: disabled.url })).toHaveTextContent('Enabled'));
    expect(within(screen.getByRole('listitem', { name: disabled.url })).queryByRole('button', { name: 'Turn on again' })).not.toBeInTheDocument();
  });

  it('has no Webhooks tab for an Editor', async () => {
    const api = settingsWithWebhooks('editor');
    renderApp('/home/settings');

    await screen.findByRole('tab', { name: 'Profile' });
    await waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'Notifications', 'Preferences', 'Advanced']));
    expect(screen.queryByRole('tab', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/workspace/webhooks')).toHaveLength(0);
  });
});
