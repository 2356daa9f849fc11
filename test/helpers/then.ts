import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/lib/aws';

/** Then-steps: look at what is stored, straight from the table. */
export async function itemsOfUser(userId: string): Promise<Record<string, any>[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }),
  );
  return Items ?? [];
}
