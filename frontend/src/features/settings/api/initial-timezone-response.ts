import * as z from 'zod';
import { SettingsSchema } from '@shared/settings';

/** The answer of PUT /settings/initial-timezone; its own module so that it loads with the first save (see SchemaSource). */
export const InitialTimezoneResponseSchema = z.object({ settings: SettingsSchema });
