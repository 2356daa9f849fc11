import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from './aws';
import { env } from './env';

/** The analytics collection queue (docs/analytics.md#the-sweep): the sweep's AnalyticsQueue. */
export const sqsAnalyticsQueue = {
  async send(message: unknown): Promise<void> {
    const url = env().ANALYTICS_QUEUE_URL;
    if (!url) throw new Error('No analytics queue configured');
    await sqsClient().send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(message) }));
  },
};
