import { listNotifications } from '../../domain/notifications';
import { httpHandler, ok } from '../../lib/http';

export const handler = httpHandler({}, async ({ userId }) => ok({ items: await listNotifications(userId) }));
