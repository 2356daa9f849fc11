import { ConnectionIdParamsSchema } from '@shared/accounts';
import { tiktokCreatorInfo } from '../../domain/tiktok-creator-info';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ params: ConnectionIdParamsSchema }, async ({ workspaceId, params }) =>
  ok(await tiktokCreatorInfo(workspaceId, params.id)),
);
