import { CalendarQuerySchema } from '@shared/posts';
import { listCalendar } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/posts/calendar?from=&to=: scheduled-tab posts due in [from, to), soonest first. */
export const handler = httpHandler({ query: CalendarQuerySchema }, async ({ workspaceId, query }) => ok({ items: await listCalendar(workspaceId, query) }));
