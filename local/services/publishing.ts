import type { LocalModule } from '../modules';

/**
 * The publishing engine's settings on the local cloud that are not a job's trigger (those come from
 * the job table: local/services/jobs.ts): the role the post schedules name, and the lead times of one
 * process running every publisher.
 */
const LOCAL_SCHEDULER_ROLE = 'arn:aws:iam::000000000000:role/local-scheduler';

export const publishingModule: LocalModule = {
  name: 'Publishing settings',
  start() {
    return Promise.resolve({
      env: {
        SCHEDULER_ROLE_ARN: LOCAL_SCHEDULER_ROLE,
        // One process runs every publisher here: prepare a busy minute's posts well ahead.
        PUBLISH_LEAD_SECONDS: '15',
        PUBLISH_SETTLE_SPREAD_SECONDS: '3',
      },
      stop: () => Promise.resolve(),
    });
  },
};
