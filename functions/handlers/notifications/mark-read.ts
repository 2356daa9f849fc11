import { NotificationIdParamsSchema } from '@shared/notifications';
import { markRead } from '../../domain/notifications';
import { httpHandler, noContent } from '../../lib/http';

export const handler = httpHandler({ params: NotificationIdParamsSchema }, async ({ userId, params }) => {
  await markRead(userId, params.id);
  return noContent();
});
