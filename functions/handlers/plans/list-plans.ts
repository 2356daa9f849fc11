import { offeredPlans } from '../../domain/plans';
import { httpHandler, ok } from '../../domain/http-api';

export const handler = httpHandler({ auth: 'public' }, async () => ok({ plans: offeredPlans() }));
