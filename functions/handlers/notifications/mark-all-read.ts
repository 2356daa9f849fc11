import { markAllRead } from '../../domain/notifications';
import { httpHandler, ok } from '../../lib/http';

export const handler = httpHandler({}, async ({ userId }) => ok({ updated: await markAllRead(userId) }));
