import { markAllRead } from '../../domain/notifications';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({}, async ({ userId }) => ok({ updated: await markAllRead(userId) }));
