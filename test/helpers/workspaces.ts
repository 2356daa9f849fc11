import { randomBytes, createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { putInvite, takeSeat } from '../../functions/data/workspaces';

/**
 * A pending invitation stored as the invitations route stores one (seat, item, hashed link), without
 * its e-mail: for tests about what the link does, not how it travels.
 */
export async function anInvitation(workspaceId: string, email: string, options: { role?: 'admin' | 'editor' | 'contributor'; expiresInMs?: number } = {}) {
  const token = randomBytes(32).toString('base64url');
  if (!(await takeSeat(workspaceId, 100))) throw new Error('the workspace has no seat for an invitation');
  const now = Date.now();
  const invite = {
    id: ulid(),
    workspaceId,
    email,
    role: options.role ?? 'editor',
    invitedBy: workspaceId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + (options.expiresInMs ?? 7 * 24 * 60 * 60 * 1000)).toISOString(),
  };
  await putInvite(invite, createHash('sha256').update(token).digest('hex'));
  return { ...invite, token };
}
