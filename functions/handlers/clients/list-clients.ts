import { listClients } from '../../domain/clients';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/clients: the user's clients, newest first. */
export const handler = httpHandler({}, async ({ workspaceId }) => ok({ items: await listClients(workspaceId) }));
