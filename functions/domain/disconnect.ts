import { deleteConnection } from '../data/connections';
import { deleteQueueSchedule } from '../data/queue';

/**
 * Disconnecting an account: its rows go, and its queue schedule too; its queued posts stay
 * scheduled (docs/queue.md#disconnecting). Apart from connections.ts, which reaches every
 * platform's client for connecting, so that the disconnect function's bundle carries none.
 */
export const disconnectConnection = (userId: string, id: string): Promise<void> => deleteConnection(userId, id).then(() => deleteQueueSchedule(userId, id));
