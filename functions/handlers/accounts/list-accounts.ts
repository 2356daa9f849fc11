import { AccountListSchema } from '@shared/accounts';
import { listConnectedAccounts } from '../../domain/accounts';
import { httpHandler, ok } from '../../lib/http';

/** GET /api/accounts: the user's connected accounts, newest first, never a token. */
export const handler = httpHandler({}, async ({ userId }) => ok(AccountListSchema.parse({ accounts: await listConnectedAccounts(userId) })));
