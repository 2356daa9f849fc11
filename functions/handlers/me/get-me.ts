import { getMe } from '../../domain/users';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({}, async ({ userId }) => ok(await getMe(userId)));
