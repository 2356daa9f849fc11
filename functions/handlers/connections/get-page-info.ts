import { ConnectionIdParamsSchema } from '@shared/accounts';
import { facebookPageInfo } from '../../domain/page-info';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ params: ConnectionIdParamsSchema }, async ({ workspaceId, params }) => ok(await facebookPageInfo(workspaceId, params.id)));
