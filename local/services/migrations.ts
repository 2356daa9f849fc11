import { resetEnvForTests } from '../../functions/lib/env';
import { MIGRATION_HANDLERS } from '../../functions/jobs';
import { runHandler } from '../lambda-runtime';
import type { LocalModule } from '../modules';

/**
 * The data migrations, as the deploy runs them (a custom resource on AWS): once at start, before the
 * publishing queues and the Scheduler begin to read what they move. Each is idempotent, so a start
 * on migrated data finds nothing to do.
 *
 * They run in this thread, not a worker: a function reads its settings once per thread, and the
 * modules after this one still add theirs (the queues, Stripe, the Scheduler), so no worker that
 * later serves requests may read them now. This thread's copy is dropped after the run.
 */
export const migrationsModule: LocalModule = {
  name: 'Data migrations',
  async start() {
    try {
      for (const module of Object.values(MIGRATION_HANDLERS)) await runHandler(module, { RequestType: 'Update' });
    } finally {
      resetEnvForTests();
    }
    return { stop: () => Promise.resolve() };
  },
};
