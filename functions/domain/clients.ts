import { CLIENT_MSG, MAX_CLIENTS, type Client, type CreateClient, type UpdateClient } from '@shared/clients';
import { countClients, createClient as putClient, deleteClientItem, listClients as readClients, updateClient as writeClient } from '../data/clients';
import { clearClientFromPosts } from '../data/posts';
import { deleteClientQueueSchedule } from '../data/queue';
import { defaultDeps, type Deps } from '../lib/clock';
import { AppError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';

/**
 * Agency clients. Another user's client id is indistinguishable from a missing one (404),
 * because every key is built from the caller's own user id.
 */
export async function listClients(userId: string): Promise<Client[]> {
  return readClients(userId);
}

export async function createClient(userId: string, body: CreateClient, deps: Deps = defaultDeps): Promise<Client> {
  // A quota against flooding, not a plan limit. Counted before the write, so requests racing each
  // other could pass it together; the route's rate limit (functions/routes.ts) bounds by how much.
  if ((await countClients(userId)) >= MAX_CLIENTS) throw new AppError('CLIENT_LIMIT_REACHED', 409, CLIENT_MSG.limitReached, { limit: MAX_CLIENTS });
  return putClient(userId, { id: deps.newId(), name: body.name, logo_url: body.logo_url ?? null, created_at: deps.now().toISOString() });
}

export async function updateClient(userId: string, id: string, body: UpdateClient, deps: Deps = defaultDeps): Promise<Client> {
  const updated = await writeClient(userId, id, body, deps.now());
  if (!updated) throw new NotFoundError(CLIENT_MSG.notFound);
  return updated;
}

/**
 * Deletes the client; its posts stay and lose the assignment (client_id cleared), so no post points
 * at a client that no longer exists. The row goes first: from then on no new post can name it. If
 * clearing is interrupted, the remaining posts keep an id that names no client (the UI shows none).
 * Its weekly posting times go too (docs/queue.md#client-schedules).
 */
export async function deleteClient(userId: string, id: string): Promise<void> {
  if (!(await deleteClientItem(userId, id))) throw new NotFoundError(CLIENT_MSG.notFound);
  try {
    await Promise.all([clearClientFromPosts(userId, id), deleteClientQueueSchedule(userId, id)]);
  } catch (error) {
    logger.error('Clearing a deleted client from its posts failed', { error, clientId: id });
  }
}
