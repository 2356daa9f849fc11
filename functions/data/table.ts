import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { documentClient } from '../lib/aws';
import { env } from '../lib/env';
import { ConflictError } from '../lib/errors';
import { TABLE_DESIGN } from './table-design';

/** Shared plumbing of the repositories. Only functions/data knows key attribute names. */
export const tableName = () => env().TABLE_NAME;
export const db = () => documentClient();
export const { partitionKey: PK, sortKey: SK } = TABLE_DESIGN;
export const BY_USER_TIME = TABLE_DESIGN.indexes.byUserTime;

export const userPk = (userId: string) => `USER#${userId}`;

/** Removes the key attributes so repositories return domain fields only. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'type' | 'expiresAt'> {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, type: _t, expiresAt: _e, ...rest } = item;
  return rest;
}

/** Runs a conditional write; a failed condition becomes `onConflict()` (default: ConflictError). */
export async function conditional<T>(write: () => Promise<T>, onConflict: () => T | Promise<T> = () => {
  throw new ConflictError();
}): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException') {
      return onConflict();
    }
    throw error;
  }
}
