import { MIGRATION_HANDLERS } from '../../functions/routes';
import { invokeLambda } from '../lambda-runtime';
import type { LocalModule } from '../modules';

/**
 * The data migrations, as the deploy runs them (a custom resource on AWS): once at start, before the
 * publishing queues and the Scheduler begin to read what they move. Each is idempotent, so a start
 * on migrated data finds nothing to do.
 */
export const migrationsModule: LocalModule = {
  name: 'Data migrations',
  async start() {
    for (const module of Object.values(MIGRATION_HANDLERS)) await invokeLambda(module, { RequestType: 'Update' });
    return { stop: () => Promise.resolve() };
  },
};
