import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rateWindowKey } from './keys';
import { conditional, db, tableName } from './table';

/**
 * Per-user and per-IP request counters (access pattern 19): pk = RATE#<bucket>#<subject>,
 * sk = WINDOW#<window start, epoch seconds>. One item per subject and fixed window, claimed with a
 * conditional ADD, so concurrent requests can never take a window past its limit. Outside
 * USER#<id>: counters are not the user's data, and expire by TTL soon after their window.
 *
 * Subjects are hashed: a table export or a log line of a key shows no IP address.
 */
export interface RateWindow {
  /** Which limit: the route it guards, e.g. `POST /api/clients`. */
  readonly bucket: string;
  /** `user:<id>` or `ip:<address>`. */
  readonly subject: string;
  /** Start of the fixed window, epoch seconds. */
  readonly windowStart: number;
  readonly windowSeconds: number;
  /** Requests the window admits. */
  readonly max: number;
}

const hashed = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/** Counts one request into its window; false (and nothing written) when the window is already full. */
export async function takeFromWindow(window: RateWindow): Promise<boolean> {
  return (await countIntoWindow(window)) !== null;
}

/** Counts one request into its window: the window's count with it, or null (and nothing written) when the window is already full. */
export async function countIntoWindow(window: RateWindow): Promise<number | null> {
  return conditional(
    async () => {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: rateWindowKey(hashed(`${window.bucket}|${window.subject}`), window.windowStart),
          UpdateExpression: 'ADD #count :one SET #type = :type, expiresAt = if_not_exists(expiresAt, :expiresAt)',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
          // TTL deletes within a couple of days of expiresAt; an expired window is never read again anyway.
          ExpressionAttributeValues: { ':one': 1, ':max': window.max, ':type': 'RateWindow', ':expiresAt': window.windowStart + window.windowSeconds },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.count ?? window.max);
    },
    () => null,
  );
}
