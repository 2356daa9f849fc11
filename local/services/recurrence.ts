import { JOB_HANDLERS } from '../../functions/jobs';
import { invokeLambda } from '../lambda-runtime';
import { sweepRoute } from './sweep-route';
import type { LocalModule } from '../modules';

/**
 * Recurring posts on the local cloud, as the RecurrenceSweep construct wires it on AWS: the sweep
 * every hour with the event's `time`. `POST /_local/recurrence/sweep` with `{ "time": "<ISO>" }`
 * fires it as of that time (tests and the e2e flow) and answers what it extended.
 */
export const RECURRENCE_SWEEP_PATH = '/_local/recurrence/sweep';
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const sweepAt = (time: string) =>
  invokeLambda(JOB_HANDLERS.recurrenceSweep, { 'detail-type': 'Scheduled Event', source: 'aws.events', time, detail: {} });

export const recurrenceModule: LocalModule = {
  name: 'Recurring posts',
  start() {
    const sweep = setInterval(() => {
      sweepAt(new Date().toISOString()).catch((error: unknown) => console.error('[recurrence sweep]', error));
    }, SWEEP_EVERY_MS);
    sweep.unref();
    return Promise.resolve({
      routes: [sweepRoute(RECURRENCE_SWEEP_PATH, sweepAt)],
      stop: () => {
        clearInterval(sweep);
        return Promise.resolve();
      },
    });
  },
};
