import { PROFILE_SK } from '../data/keys';
import { isWorkspaceOwned, moveToWorkspace, personOf, scanPersonPartitions } from '../data/workspace-migration';
import { defaultDeps, type Deps } from '../lib/clock';
import { logger } from '../lib/logger';
import { ensureFirstWorkspace } from './workspaces';

export interface MigrationReport {
  /** People whose first workspace this run made. */
  workspacesMade: number;
  /** Items this run moved to a workspace's partition. */
  moved: number;
  /** Items found under a person's partition that were already moved (an earlier, interrupted run). */
  alreadyMoved: number;
}

/**
 * Every person who signed up before workspaces becomes the Owner of their first workspace, and what
 * it owns moves into it, with nothing lost (docs/decisions/0013-workspaces.md). Runs on deploy and
 * at local start; a second run finds nothing to do.
 */
export async function migrateToWorkspaces(deps: Pick<Deps, 'now'> = defaultDeps): Promise<MigrationReport> {
  const report: MigrationReport = { workspacesMade: 0, moved: 0, alreadyMoved: 0 };
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await scanPersonPartitions(cursor);
    for (const item of page.items) {
      if (item.sk === PROFILE_SK) {
        if (await ensureFirstWorkspace(personOf(item), typeof item.email === 'string' ? item.email : null, deps)) report.workspacesMade++;
      } else if (isWorkspaceOwned(item)) {
        if (await moveToWorkspace(item)) report.moved++;
        else report.alreadyMoved++;
      }
    }
    cursor = page.next;
  } while (cursor);
  logger.info('Workspace migration finished', { ...report });
  return report;
}
