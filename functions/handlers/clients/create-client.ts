import { CreateClientSchema } from '@shared/clients';
import { createClient } from '../../domain/clients';
import { httpHandler } from '../../domain/http-api';

/** POST /api/clients: Add Client (name required, optional http(s) logo URL). */
export const handler = httpHandler({ body: CreateClientSchema }, async ({ workspaceId, body }) => ({
  statusCode: 201,
  body: await createClient(workspaceId, body),
}));
