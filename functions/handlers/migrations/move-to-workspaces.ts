import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { migrateToWorkspaces } from '../../domain/workspace-migration';

/**
 * The workspace migration as a CloudFormation custom resource's `onEvent` handler (CDK's Provider
 * framework answers CloudFormation): it runs on every Create and Update of the resource, each run
 * idempotent, and does nothing on Delete (the data stays). The local cloud invokes it at start.
 */
export async function handler(
  event: Pick<CloudFormationCustomResourceEvent, 'RequestType'>,
): Promise<{ PhysicalResourceId: string; Data: Record<string, number> }> {
  const PhysicalResourceId = 'workspace-migration';
  if (event.RequestType === 'Delete') return { PhysicalResourceId, Data: {} };
  const report = await migrateToWorkspaces();
  return { PhysicalResourceId, Data: { ...report } };
}
