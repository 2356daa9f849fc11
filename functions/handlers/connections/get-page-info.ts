import { AccountIdParamsSchema } from '@shared/accounts';
import { facebookPageInfo } from '../../domain/page-info';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ params: AccountIdParamsSchema }, async ({ workspaceId, params }) => ok(await facebookPageInfo(workspaceId, params.id)));
