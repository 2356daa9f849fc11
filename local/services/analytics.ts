import { JOBS, JOB_HANDLERS, queueVisibilityTimeoutSeconds } from '../../functions/jobs';
import { invokeLambda } from '../lambda-runtime';
import { sweepRoute } from './sweep-route';
import { requireService, type LocalModule } from '../modules';
import { redrivePolicy, type EventSourceMapping } from '../sqs';

/**
 * Analytics collection on the local cloud, as the AnalyticsCollection construct wires it on AWS: the
 * collection queue with its DLQ, the collector mapped to it, and the sweep every 15 minutes with the
 * event's `time`. `POST /_local/analytics/sweep` with `{ "time": "<ISO>" }` fires the sweep as of that
 * time (tests and the e2e flow, after moving the sandbox clock) and answers what it queued.
 */
export const ANALYTICS_QUEUE = 'analytics-collect';
export const ANALYTICS_SWEEP_PATH = '/_local/analytics/sweep';
const SWEEP_EVERY_MS = 15 * 60 * 1000;
const MAX_RECEIVES = 3;

const sweepAt = (time: string) =>
  invokeLambda(JOB_HANDLERS.analyticsSweep, { 'detail-type': 'Scheduled Event', source: 'aws.events', time, detail: {} });

export const analyticsModule: LocalModule = {
  name: 'Analytics collection',
  async start({ services }) {
    const sqs = requireService(services, 'sqs', 'Analytics collection');
    const dlq = `${ANALYTICS_QUEUE}-dlq`;
    sqs.createQueue(dlq);
    const queueUrl = sqs.createQueue(ANALYTICS_QUEUE, {
      VisibilityTimeout: String(queueVisibilityTimeoutSeconds(JOBS.analyticsCollector)),
      RedrivePolicy: redrivePolicy(dlq, MAX_RECEIVES),
    });
    const mappings: EventSourceMapping[] = [
      sqs.mapQueueToHandler(ANALYTICS_QUEUE, JOB_HANDLERS.analyticsCollector, { batchSize: 5, maxConcurrency: 5 }),
    ];
    const sweep = setInterval(() => {
      sweepAt(new Date().toISOString()).catch((error: unknown) => console.error('[analytics sweep]', error));
    }, SWEEP_EVERY_MS);
    sweep.unref();
    return {
      env: { ANALYTICS_QUEUE_URL: queueUrl },
      routes: [sweepRoute(ANALYTICS_SWEEP_PATH, sweepAt)],
      stop: async () => {
        clearInterval(sweep);
        await Promise.all(mappings.map((m) => m.stop()));
      },
    };
  },
};
