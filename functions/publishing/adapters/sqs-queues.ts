import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { sqsClient } from '../../lib/aws';
import { env } from '../../lib/env';
import type { PublishMessage } from '../model';
import type { PublishQueue } from '../ports';

/** The platforms' publishing queues on SQS: the engine's PublishQueue (ports.ts). */
const SQS_MAX_DELAY_SECONDS = 900;

const QueueUrlsSchema = z.record(z.enum(PLATFORMS), z.string().min(1));
let queueUrls: Partial<Record<Platform, string>> | undefined;
function queueUrlFor(platform: Platform): string {
  queueUrls ??= QueueUrlsSchema.parse(JSON.parse(env().PUBLISH_QUEUE_URLS ?? '{}'));
  const url = queueUrls[platform];
  if (!url) throw new Error(`No publishing queue configured for ${platform}`);
  return url;
}
/** Tests that change the environment between cases call this. */
export function resetPublishingConfigForTests(): void {
  queueUrls = undefined;
}

export const sqsPublishQueue: PublishQueue = {
  async send(platform: Platform, message: PublishMessage, delaySeconds: number): Promise<void> {
    await sqsClient().send(
      new SendMessageCommand({
        QueueUrl: queueUrlFor(platform),
        MessageBody: JSON.stringify(message),
        // Rounded down: SQS delays are whole seconds, and the publisher waits out the last fraction itself.
        // Capped: a later step carries `notBefore` and is re-queued until then.
        DelaySeconds: Math.max(0, Math.min(SQS_MAX_DELAY_SECONDS, Math.floor(delaySeconds))),
      }),
    );
  },
};
