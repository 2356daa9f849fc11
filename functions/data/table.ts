import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { documentClient } from '../lib/aws';
import { env } from '../lib/env';
import { ConflictError } from '../lib/errors';
import { TABLE_DESIGN } from './table-design';

/** Shared plumbing of the repositories. Only functions/data knows key attribute names. */
export const tableName = () => env().TABLE_NAME;
export const db = () => documentClient();
export const BY_USER_TIME = TABLE_DESIGN.indexes.byUserTime;

export const userPk = (userId: string) => `USER#${userId}`;

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
