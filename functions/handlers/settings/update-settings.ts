import { UpdateSettingsSchema } from '@shared/settings';
import { saveSettings } from '../../domain/users';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ body: UpdateSettingsSchema }, async ({ userId, body }) => ok({ settings: await saveSettings(userId, body) }));
