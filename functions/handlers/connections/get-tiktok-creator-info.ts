import { AccountIdParamsSchema } from '@shared/accounts';
import { tiktokCreatorInfo } from '../../domain/tiktok-creator-info';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ params: AccountIdParamsSchema }, async ({ userId, params }) => ok(await tiktokCreatorInfo(userId, params.id)));
