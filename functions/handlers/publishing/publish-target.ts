import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../lib/logger';
import { mediaPullSigner } from '../../lib/media-pull';
import { PublishMessageSchema } from '../../publishing/model';
import { publishTarget } from '../../publishing/use-cases/publish';
import { awsPublishEngine } from '../../publishing/publisher-wiring';

// Cold start: the pull URLs' private key (Secrets Manager) is read once, before the first message needs it.
mediaPullSigner().catch((error: unknown) => logger.error('Could not load the media-pull signing key', { error }));

/**
 * A platform queue's publisher: one publish step per message. Messages that must come back later
 * (another delivery holds the target, or our side failed) are reported as batch item failures, so
 * the rest of the batch is deleted and only they return after their visibility timeout.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        try {
          const message = PublishMessageSchema.parse(JSON.parse(record.body));
          if ((await publishTarget(message, awsPublishEngine)) === 'retry') failures.push({ itemIdentifier: record.messageId });
        } catch (error) {
          logger.error('Publish message failed', { error, messageId: record.messageId });
          failures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures: failures };
  });
