import { ConnectionIdParamsSchema } from '@shared/accounts';
import { pinterestBoards } from '../../domain/pinterest-boards';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ params: ConnectionIdParamsSchema }, async ({ workspaceId, params }) => ok(await pinterestBoards(workspaceId, params.id)));
