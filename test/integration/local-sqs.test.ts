import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Sha256 } from '@aws-crypto/sha256-js';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  PurgeQueueCommand,
  QueueDoesNotExist,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SQSEvent, SQSBatchResponse } from 'aws-lambda';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { md5OfMessageAttributes, redrivePolicy, startSqs, type LocalSqs, type SqsOptions } from '../../local/sqs';
import { FakeClock } from '../helpers/fake-clock';
import { cloud } from '../helpers/given';
import { theTestsTimeLeft } from '../helpers/then';

/*
 * Most tests speak the wire protocol (AWS JSON 1.0, SigV4-signed like the SDK's requests) through
 * fetch, to assert what goes over the wire; one block goes through @aws-sdk/client-sqs itself, which
 * also checks the MD5 digests of bodies and attributes.
 */
const signer = new SignatureV4({ service: 'sqs', region: 'us-east-1', sha256: Sha256, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

interface SqsFailure {
  status: number;
  type: string;
  queryError: string | null;
  message: string;
}

/** The fields these tests read from an answer of the SQS JSON protocol (each action answers some of them). */
interface SqsAnswer {
  QueueUrl: string;
  QueueUrls: string[];
  Attributes: Record<string, string>;
  Messages: { MessageId: string; ReceiptHandle: string; Body: string; Attributes?: Record<string, string> }[];
  MessageId: string;
  MD5OfMessageBody: string;
  MD5OfMessageAttributes: string;
  Successful: { Id: string }[];
  Failed: { Id: string; Code: string; SenderFault: boolean }[];
}

async function call<T = SqsAnswer>(endpoint: string, op: string, input: Record<string, unknown>): Promise<T> {
  const url = new URL(endpoint);
  const body = JSON.stringify(input);
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: '/',
    query: {},
    headers: { host: url.host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${op}`, 'x-amz-query-mode': 'true' },
    body,
  });
  const res = await fetch(endpoint, { method: 'POST', headers: signed.headers, body });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) {
    throw Object.assign(new Error(String(json.message)), {
      status: res.status,
      type: String(json.__type),
      queryError: res.headers.get('x-amzn-query-error'),
      message: String(json.message),
    } satisfies SqsFailure);
  }
  return json as T;
}

const sqsEndpoint = () => cloud().env.SQS_ENDPOINT!;
const sqs = (op: string, input: Record<string, unknown>) => call(sqsEndpoint(), op, input);
const aQueueName = (prefix = 'test') => `${prefix}-${randomUUID().slice(0, 8)}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function aQueue(attributes: Record<string, string> = {}, name = aQueueName()): Promise<string> {
  const { QueueUrl } = await sqs('CreateQueue', { QueueName: name, Attributes: attributes });
  return QueueUrl as string;
}

/** Waits for `check` to hold, for as long as the test has left: a loaded machine may take a while. */
async function until(check: () => boolean) {
  const deadline = Date.now() + theTestsTimeLeft();
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** A standalone SQS (in memory) on a clock the test moves, spoken to over the wire; stopped after the test. */
async function aFakeClockSqs() {
  const clock = new FakeClock(Date.now());
  const local = await startSqs({ clock, log: () => undefined });
  onTestFinished(() => local.stop());
  return { clock, sqs: (op: string, input: Record<string, unknown>) => call(local.endpoint, op, input) };
}

describe('the local SQS, over the JSON protocol', () => {
  it('creates a queue, finds its URL, and reports its attributes', async () => {
    const name = aQueueName();

    const { QueueUrl } = await sqs('CreateQueue', { QueueName: name, Attributes: { VisibilityTimeout: '45' } });

    expect(QueueUrl).toBe(`${sqsEndpoint()}/000000000000/${name}`);
    expect(await sqs('GetQueueUrl', { QueueName: name })).toEqual({ QueueUrl });
    const { Attributes } = await sqs('GetQueueAttributes', { QueueUrl, AttributeNames: ['All'] });
    expect(Attributes).toMatchObject({
      VisibilityTimeout: '45',
      DelaySeconds: '0',
      QueueArn: `arn:aws:sqs:us-east-1:000000000000:${name}`,
      ApproximateNumberOfMessages: '0',
    });
    const { QueueUrls } = await sqs('ListQueues', { QueueNamePrefix: name });
    expect(QueueUrls).toEqual([QueueUrl]);
  });

  it('returns the same queue for the same attributes and refuses different ones', async () => {
    const name = aQueueName();
    const url = await aQueue({ VisibilityTimeout: '10' }, name);

    await expect(sqs('CreateQueue', { QueueName: name, Attributes: { VisibilityTimeout: '10' } })).resolves.toEqual({ QueueUrl: url });
    await expect(sqs('CreateQueue', { QueueName: name, Attributes: { VisibilityTimeout: '11' } })).rejects.toMatchObject({
      type: 'com.amazonaws.sqs#QueueNameExists',
      queryError: 'QueueAlreadyExists;Sender',
    });
  });

  it('answers a missing queue the way the SDK expects', async () => {
    await expect(sqs('GetQueueUrl', { QueueName: 'no-such-queue' })).rejects.toMatchObject({
      status: 400,
      type: 'com.amazonaws.sqs#QueueDoesNotExist',
      queryError: 'AWS.SimpleQueueService.NonExistentQueue;Sender',
    });
  });

  it('sends a message with attributes and hands it out with correct checksums and a receive count', async () => {
    const QueueUrl = await aQueue();
    const attributes = {
      platform: { DataType: 'String', StringValue: 'x' },
      attempt: { DataType: 'Number', StringValue: '3' },
      blob: { DataType: 'Binary', BinaryValue: Buffer.from([1, 2, 3]).toString('base64') },
    };

    const sent = await sqs('SendMessage', { QueueUrl, MessageBody: '{"postId":"p1"}', MessageAttributes: attributes });
    const { Messages } = await sqs('ReceiveMessage', {
      QueueUrl,
      MaxNumberOfMessages: 10,
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
    });

    expect(sent).toMatchObject({ MD5OfMessageBody: md5('{"postId":"p1"}'), MD5OfMessageAttributes: md5OfMessageAttributes(attributes) });
    expect(sent.MD5OfMessageAttributes).toMatch(/^[0-9a-f]{32}$/);
    expect(Messages).toHaveLength(1);
    expect(Messages[0]).toMatchObject({
      MessageId: sent.MessageId,
      Body: '{"postId":"p1"}',
      MD5OfBody: sent.MD5OfMessageBody,
      MessageAttributes: attributes,
      MD5OfMessageAttributes: sent.MD5OfMessageAttributes,
      Attributes: { ApproximateReceiveCount: '1', SentTimestamp: expect.stringMatching(/^\d+$/) },
    });
  });

  it('encodes MD5OfMessageAttributes as the SQS guide describes (length-prefixed name, type, transport byte, value)', () => {
    const bytes = Buffer.concat([
      Buffer.from([0, 0, 0, 1]),
      Buffer.from('a'),
      Buffer.from([0, 0, 0, 6]),
      Buffer.from('String'),
      Buffer.from([1]),
      Buffer.from([0, 0, 0, 1]),
      Buffer.from('b'),
    ]);
    expect(md5OfMessageAttributes({ a: { DataType: 'String', StringValue: 'b' } })).toBe(createHash('md5').update(bytes).digest('hex'));
  });

  it('deletes a received message so it never comes back', async () => {
    const QueueUrl = await aQueue();
    await sqs('SendMessage', { QueueUrl, MessageBody: 'one' });
    const { Messages } = await sqs('ReceiveMessage', { QueueUrl, VisibilityTimeout: 0 });

    await sqs('DeleteMessage', { QueueUrl, ReceiptHandle: Messages[0].ReceiptHandle });

    expect(await sqs('ReceiveMessage', { QueueUrl })).toEqual({});
    await expect(sqs('DeleteMessage', { QueueUrl, ReceiptHandle: 'garbage' })).rejects.toMatchObject({ type: 'com.amazonaws.sqs#ReceiptHandleIsInvalid' });
  });

  it('sends and deletes in batches, and refuses malformed batches', async () => {
    const QueueUrl = await aQueue();

    const sent = await sqs('SendMessageBatch', {
      QueueUrl,
      Entries: [
        { Id: 'a', MessageBody: 'A' },
        { Id: 'b', MessageBody: 'B', DelaySeconds: 901 },
        { Id: 'c', MessageBody: 'C' },
      ],
    });
    const { Messages } = await sqs('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 10 });
    const deleted = await sqs('DeleteMessageBatch', {
      QueueUrl,
      Entries: Messages.map((m: { ReceiptHandle: string }, i: number) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle })),
    });

    expect(sent.Successful.map((s: { Id: string }) => s.Id)).toEqual(['a', 'c']);
    expect(sent.Failed).toEqual([expect.objectContaining({ Id: 'b', SenderFault: true, Code: 'InvalidParameterValue' })]);
    expect(Messages.map((m: { Body: string }) => m.Body).sort()).toEqual(['A', 'C']);
    expect(deleted).toEqual({ Successful: [{ Id: 'd0' }, { Id: 'd1' }], Failed: [] });
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ Id: `m${i}`, MessageBody: 'x' }));
    await expect(sqs('SendMessageBatch', { QueueUrl, Entries: tooMany })).rejects.toMatchObject({ type: 'com.amazonaws.sqs#TooManyEntriesInBatchRequest' });
    await expect(
      sqs('SendMessageBatch', {
        QueueUrl,
        Entries: [
          { Id: 'x', MessageBody: '1' },
          { Id: 'x', MessageBody: '2' },
        ],
      }),
    ).rejects.toMatchObject({ type: 'com.amazonaws.sqs#BatchEntryIdsNotDistinct' });
    await expect(sqs('SendMessageBatch', { QueueUrl, Entries: [] })).rejects.toMatchObject({ type: 'com.amazonaws.sqs#EmptyBatchRequest' });
  });

  it('refuses a delay over 900 seconds', async () => {
    const QueueUrl = await aQueue();

    await expect(sqs('SendMessage', { QueueUrl, MessageBody: 'x', DelaySeconds: 901 })).rejects.toMatchObject({
      type: 'com.amazonaws.sqs#InvalidParameterValue',
      queryError: 'InvalidParameterValue;Sender',
    });
  });

  it('takes a message of exactly 1 MiB, the SQS ceiling since August 2025, and refuses one byte more', async () => {
    const QueueUrl = await aQueue();

    await sqs('SendMessage', { QueueUrl, MessageBody: 'x'.repeat(1_048_576) });
    const { Attributes } = await sqs('GetQueueAttributes', { QueueUrl, AttributeNames: ['MaximumMessageSize'] });
    const { Messages } = await sqs('ReceiveMessage', { QueueUrl });

    expect(Attributes).toEqual({ MaximumMessageSize: '1048576' });
    expect(Messages[0].Body).toHaveLength(1_048_576);
    await expect(sqs('SendMessage', { QueueUrl, MessageBody: 'x'.repeat(1_048_577) })).rejects.toMatchObject({
      type: 'com.amazonaws.sqs#InvalidParameterValue',
    });
    // Bytes, not characters: 350,000 three-byte characters are 1,050,000 bytes.
    await expect(sqs('SendMessage', { QueueUrl, MessageBody: '€'.repeat(350_000) })).rejects.toMatchObject({ type: 'com.amazonaws.sqs#InvalidParameterValue' });
    await expect(sqs('CreateQueue', { QueueName: aQueueName(), Attributes: { MaximumMessageSize: '1048577' } })).rejects.toMatchObject({
      type: 'com.amazonaws.sqs#InvalidAttributeValue',
    });
    await expect(
      sqs('SendMessageBatch', {
        QueueUrl,
        Entries: [
          { Id: 'a', MessageBody: 'x'.repeat(600_000) },
          { Id: 'b', MessageBody: 'x'.repeat(600_000) },
        ],
      }),
    ).rejects.toMatchObject({
      type: 'com.amazonaws.sqs#BatchRequestTooLong',
      queryError: 'AWS.SimpleQueueService.BatchRequestTooLong;Sender',
    });
  });

  it('refuses a body with a character SQS does not allow (U+0000, other controls, a lone surrogate) and stores nothing', async () => {
    const QueueUrl = await aQueue();

    for (const body of ['before\u0000after', 'bell\u0007', 'half \uD800 a pair', '\uFFFE']) {
      await expect(sqs('SendMessage', { QueueUrl, MessageBody: body })).rejects.toMatchObject({
        status: 400,
        type: 'com.amazonaws.sqs#InvalidMessageContents',
      });
    }
    const batch = await sqs('SendMessageBatch', {
      QueueUrl,
      Entries: [
        { Id: 'ok', MessageBody: 'tab\tnew line\n emoji 🎉 \uE000' },
        { Id: 'nul', MessageBody: '\u0000' },
      ],
    });
    const { Messages } = await sqs('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 10 });

    expect(batch.Successful.map((s: { Id: string }) => s.Id)).toEqual(['ok']);
    expect(batch.Failed).toEqual([expect.objectContaining({ Id: 'nul', SenderFault: true, Code: 'InvalidMessageContents' })]);
    expect(Messages.map((m: { Body: string }) => m.Body)).toEqual(['tab\tnew line\n emoji 🎉 \uE000']);
  });

  it('holds a delayed message back until its delay is over', async () => {
    const QueueUrl = await aQueue();

    await sqs('SendMessage', { QueueUrl, MessageBody: 'later', DelaySeconds: 1 });

    expect(await sqs('ReceiveMessage', { QueueUrl })).toEqual({});
    expect((await sqs('GetQueueAttributes', { QueueUrl, AttributeNames: ['ApproximateNumberOfMessagesDelayed'] })).Attributes).toEqual({
      ApproximateNumberOfMessagesDelayed: '1',
    });
    const { Messages } = await sqs('ReceiveMessage', { QueueUrl, WaitTimeSeconds: 3 });
    expect(Messages[0].Body).toBe('later');
  });

  it('redelivers a message whose visibility timeout ran out, counting the receives', async () => {
    // On a clock the test moves: under load, real seconds could pass between the first receive and
    // the checks that the message is hidden, and the 1 s timeout would run out before them.
    const { clock, sqs } = await aFakeClockSqs();
    const QueueUrl = (await sqs('CreateQueue', { QueueName: aQueueName() })).QueueUrl as string;
    await sqs('SendMessage', { QueueUrl, MessageBody: 'again' });

    const first = await sqs('ReceiveMessage', { QueueUrl, VisibilityTimeout: 1, AttributeNames: ['ApproximateReceiveCount'] });
    const hidden = await sqs('ReceiveMessage', { QueueUrl });
    const { Attributes } = await sqs('GetQueueAttributes', {
      QueueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    });
    await clock.advanceTo(clock.now() + 999);
    const stillHidden = await sqs('ReceiveMessage', { QueueUrl });
    await clock.advanceTo(clock.now() + 1);
    const second = await sqs('ReceiveMessage', { QueueUrl, WaitTimeSeconds: 3, MessageSystemAttributeNames: ['ApproximateReceiveCount'] });

    expect(first.Messages[0].Attributes).toEqual({ ApproximateReceiveCount: '1' });
    expect(hidden).toEqual({});
    expect(stillHidden).toEqual({});
    expect(Attributes).toEqual({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '1' });
    expect(second.Messages[0].Attributes).toEqual({ ApproximateReceiveCount: '2' });
    // The first receipt handle is stale now: deleting with it succeeds but leaves the message.
    await sqs('DeleteMessage', { QueueUrl, ReceiptHandle: first.Messages[0].ReceiptHandle });
    await sqs('ChangeMessageVisibility', { QueueUrl, ReceiptHandle: second.Messages[0].ReceiptHandle, VisibilityTimeout: 0 });
    const third = await sqs('ReceiveMessage', { QueueUrl, AttributeNames: ['All'] });
    expect(third.Messages[0]).toMatchObject({ Body: 'again', Attributes: { ApproximateReceiveCount: '3' } });
  });

  it('refuses to change the visibility of a message that is not in flight', async () => {
    const QueueUrl = await aQueue();
    await sqs('SendMessage', { QueueUrl, MessageBody: 'x' });
    const { Messages } = await sqs('ReceiveMessage', { QueueUrl, VisibilityTimeout: 0 });

    await expect(sqs('ChangeMessageVisibility', { QueueUrl, ReceiptHandle: Messages[0].ReceiptHandle, VisibilityTimeout: 5 })).rejects.toMatchObject({
      type: 'com.amazonaws.sqs#MessageNotInflight',
    });
  });

  it('answers a long poll as soon as a message arrives', async () => {
    const { clock, sqs } = await aFakeClockSqs();
    const QueueUrl = (await sqs('CreateQueue', { QueueName: aQueueName() })).QueueUrl as string;
    const pollStarted = clock.now();

    const polling = sqs('ReceiveMessage', { QueueUrl, WaitTimeSeconds: 5 });
    // The message must come after the poll has started waiting (its 5 s timer is armed), not before.
    await until(() => clock.pending().includes(pollStarted + 5000));
    await sqs('SendMessage', { QueueUrl, MessageBody: 'wake' });
    await clock.advanceTo(clock.now());
    const { Messages } = await polling;

    expect(Messages[0].Body).toBe('wake');
    // Before the 5 s wait would have ended on its own: the poll's clock never moved.
    expect(clock.now()).toBe(pollStarted);
  });

  it('with hundreds of messages in flight, hands out only visible ones and wakes a long poll when the first timeout runs out', async () => {
    const { clock, sqs } = await aFakeClockSqs();
    const QueueUrl = (await sqs('CreateQueue', { QueueName: aQueueName() })).QueueUrl as string;
    const start = clock.now();
    for (let i = 0; i < 300; i++) await sqs('SendMessage', { QueueUrl, MessageBody: `m${i}` });
    await sqs('SendMessage', { QueueUrl, MessageBody: 'delayed', DelaySeconds: 5 });
    const first = await sqs('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 1, VisibilityTimeout: 2 });
    const inFlight: string[] = [];
    for (;;) {
      const { Messages } = await sqs('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 30 });
      if (!Messages) break;
      inFlight.push(...Messages.map((m) => m.Body));
    }

    const polling = sqs('ReceiveMessage', { QueueUrl, WaitTimeSeconds: 20, MessageSystemAttributeNames: ['ApproximateReceiveCount'] });
    await until(() => clock.pending().includes(start + 20_000));
    await clock.advanceTo(start + 2000);
    const woken = await polling;
    const beforeDelay = await sqs('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 10 });
    await clock.advanceTo(start + 5000);
    const afterDelay = await sqs('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 10 });
    await clock.advanceTo(start + 30_000);
    const back = await sqs('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 });

    expect(first.Messages.map((m) => m.Body)).toEqual(['m0']);
    // In the order they were sent, each once.
    expect(inFlight).toEqual(Array.from({ length: 299 }, (_, i) => `m${i + 1}`));
    expect(woken.Messages.map((m) => [m.Body, m.Attributes?.ApproximateReceiveCount])).toEqual([['m0', '2']]);
    // The poll's clock stopped at the timeout that ran out, not at its own 20 s.
    expect(clock.now()).toBeGreaterThanOrEqual(start + 2000);
    expect(beforeDelay).toEqual({});
    expect(afterDelay.Messages.map((m) => m.Body)).toEqual(['delayed']);
    // A visibility timeout of 0 makes them visible again at once, but not twice in the same receive.
    expect(back.Messages.map((m) => m.Body)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives', async () => {
    const dlqName = aQueueName('dlq');
    const dlqUrl = await aQueue({}, dlqName);
    const QueueUrl = await aQueue({ RedrivePolicy: redrivePolicy(dlqName, 2) });
    await sqs('SendMessage', { QueueUrl, MessageBody: 'poison' });

    for (let i = 0; i < 2; i++) {
      const { Messages } = await sqs('ReceiveMessage', { QueueUrl });
      await sqs('ChangeMessageVisibility', { QueueUrl, ReceiptHandle: Messages[0].ReceiptHandle, VisibilityTimeout: 0 });
    }
    const third = await sqs('ReceiveMessage', { QueueUrl });

    expect(third).toEqual({});
    const { Messages } = await sqs('ReceiveMessage', { QueueUrl: dlqUrl, MessageSystemAttributeNames: ['All'] });
    expect(Messages[0]).toMatchObject({
      Body: 'poison',
      Attributes: { DeadLetterQueueSourceArn: `arn:aws:sqs:us-east-1:000000000000:${QueueUrl.split('/').pop()}` },
    });
  });

  it('purges a queue', async () => {
    const QueueUrl = await aQueue();
    await sqs('SendMessageBatch', {
      QueueUrl,
      Entries: [
        { Id: '1', MessageBody: 'a' },
        { Id: '2', MessageBody: 'b', DelaySeconds: 60 },
      ],
    });

    await sqs('PurgeQueue', { QueueUrl });

    const { Attributes } = await sqs('GetQueueAttributes', { QueueUrl, AttributeNames: ['All'] });
    expect(Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesDelayed: '0' });
  });
});

describe('the local SQS, through @aws-sdk/client-sqs', () => {
  const client = () => new SQSClient({ region: 'us-east-1', endpoint: sqsEndpoint(), credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

  it('round-trips every operation the pipeline uses', async () => {
    const sdk = client();
    const name = aQueueName('sdk');
    const { QueueUrl } = await sdk.send(new CreateQueueCommand({ QueueName: name, Attributes: { VisibilityTimeout: '5' } }));
    expect(await sdk.send(new GetQueueUrlCommand({ QueueName: name }))).toMatchObject({ QueueUrl });

    const sent = await sdk.send(
      new SendMessageCommand({
        QueueUrl,
        MessageBody: 'hello',
        MessageAttributes: { platform: { DataType: 'String', StringValue: 'x' }, blob: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 3]) } },
      }),
    );
    const batch = await sdk.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: [
          { Id: 'a', MessageBody: 'A' },
          { Id: 'b', MessageBody: 'B', DelaySeconds: 1 },
        ],
      }),
    );
    const { Messages = [] } = await sdk.send(
      new ReceiveMessageCommand({
        QueueUrl,
        MaxNumberOfMessages: 10,
        MessageAttributeNames: ['All'],
        MessageSystemAttributeNames: ['ApproximateReceiveCount'],
      }),
    );

    expect(batch.Successful).toHaveLength(2);
    expect(Messages.map((m) => m.Body).sort()).toEqual(['A', 'hello']);
    const hello = Messages.find((m) => m.Body === 'hello')!;
    expect(hello).toMatchObject({
      MessageId: sent.MessageId,
      Attributes: { ApproximateReceiveCount: '1' },
      MessageAttributes: { platform: { DataType: 'String', StringValue: 'x' } },
    });
    expect(Buffer.from(hello.MessageAttributes!.blob!.BinaryValue!)).toEqual(Buffer.from([1, 2, 3]));

    await sdk.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: hello.ReceiptHandle, VisibilityTimeout: 0 }));
    const again = await sdk.send(new ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }));
    expect(again.Messages![0]).toMatchObject({ Body: 'hello', Attributes: { ApproximateReceiveCount: '2' } });
    await sdk.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: again.Messages![0]!.ReceiptHandle }));
    const deleted = await sdk.send(
      new DeleteMessageBatchCommand({ QueueUrl, Entries: Messages.filter((m) => m.Body === 'A').map((m) => ({ Id: 'a', ReceiptHandle: m.ReceiptHandle })) }),
    );
    expect(deleted.Successful).toEqual([{ Id: 'a' }]);

    const { Attributes } = await sdk.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }));
    expect(Attributes).toMatchObject({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
      ApproximateNumberOfMessagesDelayed: '1',
      VisibilityTimeout: '5',
    });
    const delayed = await sdk.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 3 }));
    expect(delayed.Messages![0]!.Body).toBe('B');
    await sdk.send(new PurgeQueueCommand({ QueueUrl }));
  });

  it('surfaces errors as the modelled exceptions of the SDK', async () => {
    const sdk = client();

    await expect(sdk.send(new GetQueueUrlCommand({ QueueName: 'no-such-queue' }))).rejects.toBeInstanceOf(QueueDoesNotExist);
    const { QueueUrl } = await sdk.send(new CreateQueueCommand({ QueueName: aQueueName('sdk') }));
    await expect(sdk.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x', DelaySeconds: 901 }))).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(sdk.send(new SendMessageCommand({ QueueUrl, MessageBody: 'nul \u0000' }))).rejects.toMatchObject({
      name: 'InvalidMessageContents',
      $metadata: { httpStatusCode: 400 },
    });
  });
});

/** A standalone SQS on a temp dir, with mappings that run in-test handlers. */
describe('the local SQS event source mappings', () => {
  const started: LocalSqs[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function aStandaloneSqs(handlers: Record<string, (event: SQSEvent) => Promise<unknown>>, options: Partial<SqsOptions> = {}) {
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sa-sqs-'));
    if (!options.dataDir) dirs.push(dataDir);
    const local = await startSqs({ dataDir, log: () => undefined, invoke: (module, event) => handlers[module]!(event), ...options });
    started.push(local);
    return local;
  }

  function deliveries() {
    const seen: { at: number; records: SQSEvent['Records'] }[] = [];
    const handler = async (event: SQSEvent) => {
      seen.push({ at: Date.now(), records: event.Records });
    };
    return { seen, handler, bodies: () => seen.flatMap((s) => s.records.map((r) => r.body)) };
  }

  it('invokes the handler with a Lambda-shaped SQS event and deletes what it handled', async () => {
    const { seen, handler } = deliveries();
    const local = await aStandaloneSqs({ consumer: handler });
    local.createQueue('jobs');
    local.mapQueueToHandler('jobs', 'consumer');

    const { messageId } = local.sendMessage('jobs', '{"n":1}', { messageAttributes: { platform: { DataType: 'String', StringValue: 'x' } } });
    await until(() => seen.length === 1);

    expect(seen[0]!.records[0]).toMatchObject({
      messageId,
      receiptHandle: expect.any(String),
      body: '{"n":1}',
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: expect.any(String) },
      messageAttributes: { platform: { dataType: 'String', stringValue: 'x', stringListValues: [], binaryListValues: [] } },
      md5OfBody: md5('{"n":1}'),
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:jobs',
      awsRegion: 'us-east-1',
    });
    await until(() => local.counts('jobs').inFlight === 0);
    expect(local.counts('jobs')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  // Timing goals are measured by benchmarks (npm run bench:publishing), not asserted: these tests
  // check that nothing is handed over early and everything arrives, with generous limits.
  it('hands over every delayed message, never before its due time', async () => {
    const { seen, handler } = deliveries();
    const local = await aStandaloneSqs({ consumer: handler });
    local.createQueue('timed');
    local.mapQueueToHandler('timed', 'consumer', { batchSize: 10, maxConcurrency: 20 });

    const due = new Map<string, number>();
    for (let i = 0; i < 50; i++) {
      const delaySeconds = 1 + (i % 2);
      // Read before sending, so a pause between the two cannot make an on-time arrival look early.
      const dueAt = Date.now() + delaySeconds * 1000;
      const { messageId } = local.sendMessage('timed', `m${i}`, { delaySeconds });
      due.set(messageId, dueAt);
    }
    await until(() => seen.reduce((n, s) => n + s.records.length, 0) === 50);

    const lateness = seen.flatMap((s) => s.records.map((r) => s.at - due.get(r.messageId)!)).sort((a, b) => a - b);
    expect(lateness[0]).toBeGreaterThanOrEqual(-5);
    expect(new Set(seen.flatMap((s) => s.records.map((r) => r.messageId))).size).toBe(50);
  }, 30_000);

  it('delivers 1,000 messages due in the same second, none early, within the concurrency cap', async () => {
    let inFlight = 0;
    let peak = 0;
    const arrivals: number[] = [];
    const local = await aStandaloneSqs({
      publisher: async (event) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        arrivals.push(...event.Records.map(() => Date.now()));
        await sleep(5);
        inFlight--;
      },
    });
    local.createQueue('burst');
    local.mapQueueToHandler('burst', 'publisher', { batchSize: 1, maxConcurrency: 50 });
    const dueAt = Date.now() + 1000;

    for (let i = 0; i < 1000; i++) local.sendMessage('burst', `post-${i}`, { delaySeconds: 1 });
    await until(() => arrivals.length === 1000);

    const lateness = arrivals.map((t) => t - dueAt).sort((a, b) => a - b);
    expect(lateness[0]).toBeGreaterThanOrEqual(-5);
    expect(peak).toBeLessThanOrEqual(50);
  }, 40_000);

  it('never runs more invocations at once than maxConcurrency', async () => {
    let running = 0;
    let peak = 0;
    let done = 0;
    const local = await aStandaloneSqs({
      slow: async (event) => {
        running++;
        peak = Math.max(peak, running);
        await sleep(30);
        running--;
        done += event.Records.length;
      },
    });
    local.createQueue('capped');
    local.mapQueueToHandler('capped', 'slow', { batchSize: 2, maxConcurrency: 3 });

    for (let i = 0; i < 30; i++) local.sendMessage('capped', `m${i}`);
    await until(() => done === 30);

    expect(peak).toBe(3);
  });

  it('deletes the successes of a partial batch failure and redelivers only the failures', async () => {
    const seen: SQSEvent['Records'][] = [];
    const local = await aStandaloneSqs({
      picky: async (event): Promise<SQSBatchResponse> => {
        seen.push(event.Records);
        return { batchItemFailures: event.Records.filter((r) => r.body === 'bad').map((r) => ({ itemIdentifier: r.messageId })) };
      },
    });
    local.createQueue('partial', { VisibilityTimeout: '1' });
    local.sendMessage('partial', 'good');
    local.sendMessage('partial', 'bad');

    local.mapQueueToHandler('partial', 'picky', { batchSize: 10 });
    await until(() => seen.length === 2);

    expect(seen[0]!.map((r) => r.body).sort()).toEqual(['bad', 'good']);
    expect(seen[1]!.map((r) => [r.body, r.attributes.ApproximateReceiveCount])).toEqual([['bad', '2']]);
  });

  it('redelivers the whole batch when the handler throws', async () => {
    const seen: string[][] = [];
    const local = await aStandaloneSqs({
      flaky: async (event) => {
        seen.push(event.Records.map((r) => r.body).sort());
        if (seen.length === 1) throw new Error('boom');
      },
    });
    local.createQueue('flaky', { VisibilityTimeout: '1' });
    local.sendMessage('flaky', 'a');
    local.sendMessage('flaky', 'b');

    local.mapQueueToHandler('flaky', 'flaky');
    await until(() => seen.length === 2);
    await until(() => local.counts('flaky').inFlight === 0);

    expect(seen).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(local.counts('flaky')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('redrives to the DLQ through a mapping after maxReceiveCount failures', async () => {
    const { seen: dead, handler: deadHandler } = deliveries();
    const local = await aStandaloneSqs({ failing: async () => Promise.reject(new Error('always')), dead: deadHandler });
    local.createQueue('work-dlq');
    local.createQueue('work', { VisibilityTimeout: '0', RedrivePolicy: redrivePolicy('work-dlq', 3) });
    local.mapQueueToHandler('work', 'failing');
    local.mapQueueToHandler('work-dlq', 'dead');

    local.sendMessage('work', 'poison');
    await until(() => dead.length === 1);

    expect(dead[0]!.records[0]).toMatchObject({ body: 'poison', attributes: { DeadLetterQueueSourceArn: 'arn:aws:sqs:us-east-1:000000000000:work' } });
  });

  it('delivers every message twice in duplicate-delivery mode', async () => {
    const { seen, handler, bodies } = deliveries();
    const local = await aStandaloneSqs({ consumer: handler }, { faults: { duplicateDeliveries: true } });
    local.createQueue('dupes');
    local.mapQueueToHandler('dupes', 'consumer', { batchSize: 1 });

    local.sendMessage('dupes', 'one');
    local.sendMessage('dupes', 'two');
    // Once the queue is empty (none waiting, in flight or delayed), nothing more can be delivered.
    await until(() => bodies().length >= 4 && Object.values(local.counts('dupes')).every((n) => n === 0));

    expect(bodies().sort()).toEqual(['one', 'one', 'two', 'two']);
    const receipts = seen.flatMap((s) => s.records.map((r) => r.receiptHandle));
    expect(new Set(receipts).size).toBe(4);
    expect(local.counts('dupes')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('turns duplicate delivery on through its control endpoint', async () => {
    const local = await aStandaloneSqs({});
    local.createQueue('ctl');

    await fetch(`${local.endpoint}/_control/faults`, { method: 'POST', body: JSON.stringify({ duplicateDeliveries: true }) });
    local.sendMessage('ctl', 'x');
    const first = await call(local.endpoint, 'ReceiveMessage', { QueueUrl: local.queueUrl('ctl') });
    const second = await call(local.endpoint, 'ReceiveMessage', { QueueUrl: local.queueUrl('ctl') });

    expect([first.Messages[0].Body, second.Messages[0].Body]).toEqual(['x', 'x']);
    expect(first.Messages[0].MessageId).toBe(second.Messages[0].MessageId);
  });

  it('lists what a queue holds, delayed and in flight too, through its control endpoint without receiving it', async () => {
    const local = await aStandaloneSqs({});
    local.createQueue('held');
    local.sendMessage('held', 'waiting');
    local.sendMessage('held', 'later', { delaySeconds: 60 });
    local.sendMessage('held', 'taken');
    const listed = async () =>
      ((await (await fetch(`${local.endpoint}/_control/messages/held`)).json()) as { Messages: { Body: string }[] }).Messages.map((m) => m.Body).sort();

    const before = await listed();
    const received = await call(local.endpoint, 'ReceiveMessage', { QueueUrl: local.queueUrl('held'), MaxNumberOfMessages: 10, VisibilityTimeout: 60 });
    const taken = received.Messages.find((m) => m.Body === 'taken')!;
    await call(local.endpoint, 'DeleteMessage', { QueueUrl: local.queueUrl('held'), ReceiptHandle: taken.ReceiptHandle });

    expect(before).toEqual(['later', 'taken', 'waiting']);
    expect(received.Messages.map((m) => m.Body).sort()).toEqual(['taken', 'waiting']);
    expect(await listed()).toEqual(['later', 'waiting']);
    expect((await fetch(`${local.endpoint}/_control/messages/no-such-queue`)).status).toBe(400);
  });

  it('keeps undeleted messages across a restart, and a delayed one still arrives on time', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-sqs-'));
    dirs.push(dataDir);
    const before = await aStandaloneSqs({}, { dataDir });
    before.createQueue('kept', { VisibilityTimeout: '60' });
    before.sendMessage('kept', 'waiting');
    before.sendMessage('kept', 'gone');
    const dueAt = Date.now() + 1000;
    before.sendMessage('kept', 'later', { delaySeconds: 1 });
    const received = await call(before.endpoint, 'ReceiveMessage', { QueueUrl: before.queueUrl('kept'), MaxNumberOfMessages: 10, VisibilityTimeout: 0 });
    const gone = received.Messages.find((m: { Body: string }) => m.Body === 'gone');
    await call(before.endpoint, 'DeleteMessage', { QueueUrl: before.queueUrl('kept'), ReceiptHandle: gone!.ReceiptHandle });
    await before.stop();
    started.splice(started.indexOf(before), 1);

    const { seen, handler, bodies } = deliveries();
    const after = await aStandaloneSqs({ consumer: handler }, { dataDir });
    after.mapQueueToHandler('kept', 'consumer', { batchSize: 1 });
    await until(() => bodies().length === 2);

    expect(bodies().sort()).toEqual(['later', 'waiting']);
    const later = seen.find((s) => s.records[0]!.body === 'later')!;
    expect(later.at - dueAt).toBeGreaterThanOrEqual(-5);
  });

  it('applies changed settings to a queue kept from an earlier start, keeping its messages (ensureQueue)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-sqs-'));
    dirs.push(dataDir);
    const clock = new FakeClock(Date.now());
    const before = await aStandaloneSqs({}, { dataDir, clock });
    before.createQueue('old-dlq');
    before.createQueue('new-dlq');
    before.createQueue('work', { VisibilityTimeout: '30', RedrivePolicy: redrivePolicy('old-dlq', 5) });
    before.sendMessage('work', 'kept');
    await before.stop();
    started.splice(started.indexOf(before), 1);

    // What `npm start` does after the stack's settings for this queue changed.
    const after = await aStandaloneSqs({}, { dataDir, clock });
    const QueueUrl = after.ensureQueue('work', { VisibilityTimeout: '5', RedrivePolicy: redrivePolicy('new-dlq', 1) });

    const { Attributes } = await call(after.endpoint, 'GetQueueAttributes', { QueueUrl, AttributeNames: ['VisibilityTimeout', 'RedrivePolicy'] });
    expect(Attributes.VisibilityTimeout).toBe('5');
    expect(JSON.parse(Attributes.RedrivePolicy)).toMatchObject({ maxReceiveCount: 1, deadLetterTargetArn: after.queueArn('new-dlq') });
    // The kept message lives by the new settings: hidden for 5 s, not 30, and after one receive it
    // goes to the new dead-letter queue, not back to the worker nor to the old one.
    const first = await call(after.endpoint, 'ReceiveMessage', { QueueUrl });
    expect(first.Messages.map((m) => m.Body)).toEqual(['kept']);
    await clock.advanceTo(clock.now() + 5000);
    expect(await call(after.endpoint, 'ReceiveMessage', { QueueUrl })).toEqual({});
    expect(after.counts('new-dlq')).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
    expect(after.counts('old-dlq')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });
});
