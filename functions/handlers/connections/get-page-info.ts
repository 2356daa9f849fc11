import { AccountIdParamsSchema } from '@shared/accounts';
import { facebookPageInfo } from '../../domain/page-info';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ params: AccountIdParamsSchema }, async ({ userId, params }) => ok(await facebookPageInfo(userId, params.id)));
