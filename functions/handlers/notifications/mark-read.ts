import { NotificationIdParamsSchema } from '@shared/notifications';
import { markRead } from '../../domain/notifications';
import { httpHandler, noContent } from '../../domain/http-api';

export const handler = httpHandler({ params: NotificationIdParamsSchema }, async ({ userId, params }) => {
  await markRead(userId, params.id);
  return noContent();
});
