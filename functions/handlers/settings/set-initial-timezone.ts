import { InitialTimezoneSchema } from '@shared/settings';
import { saveInitialTimezone } from '../../domain/users';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ body: InitialTimezoneSchema }, async ({ userId, body }) =>
  ok({ settings: await saveInitialTimezone(userId, body.timezone) }),
);
