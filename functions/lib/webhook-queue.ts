import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from './aws';
import { env } from './env';

/** SQS's longest DelaySeconds (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessage.html). */
export const SQS_MAX_DELAY_SECONDS = 900;

/** The webhook delivery queue (docs/webhooks.md#delivery-and-retries). */
export const sqsWebhookQueue = {
  async send(message: unknown, delaySeconds = 0): Promise<void> {
    const url = env().WEBHOOK_QUEUE_URL;
    if (!url) throw new Error('No webhook queue configured');
    const delay = Math.max(0, Math.min(SQS_MAX_DELAY_SECONDS, Math.ceil(delaySeconds)));
    await sqsClient().send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(message), DelaySeconds: delay }));
  },
};
