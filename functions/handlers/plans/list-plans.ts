import { offeredPlans } from '../../domain/plans';
import { httpHandler, ok } from '../../lib/http';

export const handler = httpHandler({ auth: 'public' }, async () => ok({ plans: offeredPlans() }));
