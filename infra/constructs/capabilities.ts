import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Capability } from '../../functions/capabilities';
import type { AppFunction } from './app-function';
import type { Billing } from './billing';
import type { DataTable } from './data-table';
import type { JobGroupConstruct } from './jobs';
import type { Mail } from './mail';
import type { Media } from './media';
import type { MediaPull } from './media-pull';
import type { Publishing } from './publishing';
import type { Realtime } from './realtime';
import type { TokenVault } from './token-vault';

/** The constructs that provide each capability (docs/infrastructure.md#capabilities-one-declaration-per-function), and the settings that go with them. */
export interface CapabilityProviders {
  readonly data: DataTable;
  readonly media: Media;
  readonly tokens: TokenVault;
  readonly publishing: Publishing;
  /** The job table's groups outside the engine: a job that sends to its group's queue gets that queue, not the publishing ones. */
  readonly jobGroups?: readonly JobGroupConstruct[];
  readonly realtime: Realtime;
  readonly billing: Billing;
  /** The SPA's app client: signup completion signs buyers up through it. */
  readonly appClient: { readonly userPoolClientId: string };
  /** GRAPH_API_VERSION of the functions that talk to the platforms. */
  readonly graphApiVersion: string;
  /** BLUESKY_SERVICE_URL of the same functions; absent, Bluesky is not offered. */
  readonly blueskyServiceUrl?: string;
  /** LINKEDIN_PAGES of the same functions: whether LinkedIn sign-in asks for pages. */
  readonly linkedinPages: 'on' | 'off';
  /** PINTEREST_API_HOST of the same functions: production, or the Trial sandbox. */
  readonly pinterestApiHost: 'production' | 'sandbox';
  /** The platforms' app credentials, when configured. */
  readonly platformCredentials?: ISecret;
  /** TikTok photo posts' signed pull URLs, when configured (docs/tiktok.md#photo-posts). */
  readonly mediaPull?: MediaPull;
  /** The app's own e-mails (SES sending identity), when configured (docs/deployment.md#e-mail). */
  readonly mail?: Mail;
}

/**
 * Grants `fn` exactly the capabilities its declaration names (functions/routes.ts) and sets the
 * settings each one reads (functions/lib/env.ts), nothing else. The engine's own functions get their
 * queues from the Publishing construct, which knows which lane each publisher drains; a job that
 * sends to its group's queue gets that queue from its group (infra/constructs/jobs.ts).
 */
export function grantDeclaredNeeds(fn: AppFunction, providers: CapabilityProviders): void {
  const needs = fn.declaration.needs;
  providers.data.grant(fn, needs);
  providers.media.grant(fn, needs);
  for (const need of needs) bind(fn, need, providers);
}

function bind(fn: AppFunction, need: Capability, p: CapabilityProviders): void {
  switch (need) {
    case 'table:read':
    case 'table:write':
    case 'table:scan':
    case 'media:read':
    case 'media:write':
    case 'media:delete':
      return; // Granted together above: one statement per resource.
    case 'tokens':
      p.tokens.grantEncryptDecrypt(fn);
      fn.addEnvironment('TOKEN_KMS_KEY_ID', p.tokens.keyArn);
      return;
    case 'platform-apps':
      fn.addEnvironment('GRAPH_API_VERSION', p.graphApiVersion);
      if (p.blueskyServiceUrl) fn.addEnvironment('BLUESKY_SERVICE_URL', p.blueskyServiceUrl);
      fn.addEnvironment('LINKEDIN_PAGES', p.linkedinPages);
      fn.addEnvironment('PINTEREST_API_HOST', p.pinterestApiHost);
      if (p.platformCredentials) {
        fn.addEnvironment('PLATFORM_CREDENTIALS_SECRET', p.platformCredentials.secretName);
        p.platformCredentials.grantRead(fn);
      }
      return;
    case 'scheduling':
      p.publishing.bindScheduling(fn);
      return;
    case 'queues':
      if (!p.publishing.engineFunctions.includes(fn) && !p.jobGroups?.some((g) => g.senders.has(fn))) p.publishing.bindQueues(fn);
      return;
    case 'webhooks':
      // The delivery queue lives in the Webhooks group's nested stack; a function elsewhere gets its URL as a stack reference.
      if (!p.jobGroups?.some((g) => g.bindQueueSender(fn, 'WEBHOOK_QUEUE_URL')))
        throw new Error(`${fn.declaration.handler} sends webhooks, but no job group has the webhook queue`);
      return;
    case 'realtime':
      p.realtime.bindPublisher(fn);
      return;
    case 'stripe':
      p.billing.bindStripeClient(fn);
      return;
    case 'media:pull':
      // Absent: photo posts are off (TIKTOK_PHOTOS=false) and the function signs nothing. Only the TikTok
      // lane's publisher signs and reads the private key; the other lanes never publish to TikTok.
      if (!p.mediaPull) return;
      if (p.publishing.lanes.get('tiktok')?.publisher === fn) p.mediaPull.bindSigner(fn);
      else fn.addEnvironment('TIKTOK_PHOTOS', 'false');
      return;
    case 'cognito:sign-up':
      p.billing.grantAccountCreation(fn, p.appClient);
      return;
    case 'cognito:sign-out':
      p.billing.grantSessionRevocation(fn);
      return;
    case 'cognito:delete-user':
      p.billing.grantAccountDeletion(fn);
      return;
    case 'cognito:check-password':
      p.billing.grantPasswordCheck(fn, p.appClient);
      return;
    case 'cognito:set-password':
      p.billing.grantPasswordChange(fn, p.appClient);
      return;
    case 'mail:send':
      // A function that must send mail cannot work without a sending identity: stop the synth here
      // rather than deploy a function whose every send fails.
      if (!p.mail) throw new Error(`${fn.declaration.handler} sends e-mail: set mailFrom (MAIL_FROM), an address of a verified SES identity`);
      p.mail.bindSender(fn);
      return;
    default: {
      const unbound: never = need;
      throw new Error(`No construct grants the capability ${String(unbound)}`);
    }
  }
}
