import { AccountIdParamsSchema } from '@shared/accounts';
import { tiktokCreatorInfo } from '../../domain/tiktok-creator-info';
import { httpHandler, ok } from '../../lib/http';

export const handler = httpHandler({ params: AccountIdParamsSchema }, async ({ userId, params }) => ok(await tiktokCreatorInfo(userId, params.id)));
