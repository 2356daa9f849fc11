import { PLATFORMS } from '@shared/platforms';
import { JOBS, JOB_HANDLERS, queueVisibilityTimeoutSeconds } from '../../functions/jobs';
import { requireService, type LocalModule } from '../modules';
import { invokeLambda } from '../lambda-runtime';
import { localQueueArn, redrivePolicy, type EventSourceMapping } from '../sqs';

/**
 * The publishing pipeline's wiring on the local cloud, as the Publishing construct wires it on AWS:
 * one queue per platform with its DLQ, a publisher mapped to each, the dead-letter handler on every
 * DLQ, the Scheduler's DLQ, the 5-minute watchdog and the hourly connection expiry notices. Starts after SQS, before the Scheduler.
 */
export const publishQueueName = (platform: string) => `publish-${platform}`;
export const SCHEDULER_DLQ = 'dispatch-dlq';
const LOCAL_SCHEDULER_ROLE = 'arn:aws:iam::000000000000:role/local-scheduler';
/** As on AWS: six publisher timeouts (functions/routes.ts). The target's lease keeps a step single. */
const VISIBILITY_TIMEOUT_SECONDS = String(queueVisibilityTimeoutSeconds(JOBS.publisher));
const MAX_RECEIVES = 5;
const WATCHDOG_EVERY_MS = 5 * 60 * 1000;
/**
 * How many batches each platform queue's publisher runs at once. PUBLISHER_CONCURRENCY, the
 * setting a deployment's `publisherConcurrency` reads (infra/config.ts, default 50), bounds it as
 * on AWS. Unset, it is Lambda's ceiling (1,000): the local cloud prepares a busy minute's posts
 * PUBLISH_LEAD_SECONDS (15) ahead, five times AWS's 3 s, and a delivery holds its slot that long,
 * often in a batch of one or two (messages become visible a few at a time); 50 slots held 15 s
 * would make the local pipeline late where the deployed one, holding them 3 s, is not.
 */
export const LOCAL_PUBLISHER_CONCURRENCY = 1000;
export function publisherConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.PUBLISHER_CONCURRENCY || LOCAL_PUBLISHER_CONCURRENCY);
  // Lambda's SQS maximum concurrency is 2 to 1,000.
  return Number.isInteger(configured) && configured >= 2 && configured <= 1000 ? configured : LOCAL_PUBLISHER_CONCURRENCY;
}

/** As on AWS (rate(1 hour)): the connection expiry notices */
const EXPIRY_NOTICES_EVERY_MS = 60 * 60 * 1000;

export const publishingModule: LocalModule = {
  name: 'Publishing queues and watchdog',
  async start({ services }) {
    const sqs = requireService(services, 'sqs', 'Publishing');
    const queueUrls: Record<string, string> = {};
    const mappings: EventSourceMapping[] = [];
    sqs.createQueue(SCHEDULER_DLQ);
    mappings.push(sqs.mapQueueToHandler(SCHEDULER_DLQ, JOB_HANDLERS.deadLetters, { batchSize: 10, maxConcurrency: 2 }));
    for (const platform of PLATFORMS) {
      const dlq = `${publishQueueName(platform)}-dlq`;
      sqs.createQueue(dlq);
      queueUrls[platform] = sqs.createQueue(publishQueueName(platform), {
        VisibilityTimeout: VISIBILITY_TIMEOUT_SECONDS,
        RedrivePolicy: redrivePolicy(dlq, MAX_RECEIVES),
      });
      mappings.push(
        sqs.mapQueueToHandler(publishQueueName(platform), JOB_HANDLERS.publisher, { batchSize: 10, maxConcurrency: publisherConcurrency() }),
      );
      mappings.push(sqs.mapQueueToHandler(dlq, JOB_HANDLERS.deadLetters, { batchSize: 10, maxConcurrency: 2 }));
    }
    const watchdog = setInterval(() => {
      invokeLambda(JOB_HANDLERS.watchdog, {}).catch((error: unknown) => console.error('[watchdog]', error));
    }, WATCHDOG_EVERY_MS);
    watchdog.unref();
    const expiryNotices = setInterval(() => {
      invokeLambda(JOB_HANDLERS.expiryNotices, {}).catch((error: unknown) => console.error('[expiry notices]', error));
    }, EXPIRY_NOTICES_EVERY_MS);
    expiryNotices.unref();
    return {
      env: {
        PUBLISH_QUEUE_URLS: JSON.stringify(queueUrls),
        SCHEDULER_ROLE_ARN: LOCAL_SCHEDULER_ROLE,
        SCHEDULER_DLQ_ARN: localQueueArn(SCHEDULER_DLQ),
        // One process runs every publisher here: prepare a busy minute's posts well ahead.
        PUBLISH_LEAD_SECONDS: '15',
        PUBLISH_SETTLE_SPREAD_SECONDS: '3',
      },
      stop: async () => {
        clearInterval(watchdog);
        clearInterval(expiryNotices);
        await Promise.all(mappings.map((m) => m.stop()));
      },
    };
  },
};
