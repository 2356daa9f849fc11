import { getMe } from '../../domain/users';
import { httpHandler, ok } from '../../lib/http';

export const handler = httpHandler({}, async ({ userId }) => ok(await getMe(userId)));
