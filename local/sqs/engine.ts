import { randomUUID } from 'node:crypto';
import type { LocalClock } from '../clock';
import { DueQueue } from '../due-queue';
import { persistedFile, type PersistedFile } from '../persistence';
import {
  DEFAULT_ATTRIBUTES,
  SqsError,
  checkBodyCharacters,
  integerParam,
  invalidParameter,
  localQueueArn,
  md5,
  md5OfMessageAttributes,
  normalised,
  parseRedrive,
  queueDoesNotExist,
  queueNameOfArn,
  validateAttributes,
  validateMessageAttributes,
  type Queue,
  type QueueAttributeName,
  type QueueAttributes,
  type StoredMessage,
} from './messages';

export interface SqsFaults {
  /** Every message is delivered twice, to different receives with different receipt handles. */
  duplicateDeliveries?: boolean;
}

interface PersistedState {
  version: 1;
  queues: { name: string; attributes: Record<QueueAttributeName, string>; createdAt: number; modifiedAt: number; messages: StoredMessage[] }[];
}

/** The queues and their messages, behind the wire protocol (api.ts), the mappings and the in-process API. */
export class SqsEngine {
  readonly queues = new Map<string, Queue>();
  private readonly store: PersistedFile<PersistedState>;
  stopped = false;

  constructor(
    file: string | undefined,
    public faults: SqsFaults,
    private readonly clock: LocalClock,
  ) {
    // Coalesces a burst of sends/deletes into one write (each writes every queue: at 50 ms apart a
    // busy minute's writes took a tenth of its CPU); stop() flushes what is pending.
    this.store = persistedFile<PersistedState>(file, { debounceMs: 250, snapshot: () => this.snapshot() });
    if (this.store.loaded) this.restore(this.store.loaded);
  }
  queue(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw queueDoesNotExist();
    return queue;
  }

  queueOfUrl(url: unknown): Queue {
    if (typeof url !== 'string' || !url) throw new SqsError('MissingParameter', 'The request must contain the parameter QueueUrl.');
    return this.queue(url.replace(/\/+$/, '').split('/').pop() ?? '');
  }

  createQueue(name: string, attributes: QueueAttributes = {}): Queue {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw invalidParameter('Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length');
    const wanted = { ...DEFAULT_ATTRIBUTES, ...validateAttributes(attributes) };
    const existing = this.queues.get(name);
    if (existing) {
      const differs = (Object.keys(attributes) as QueueAttributeName[]).some((k) => normalised(k, existing.attributes[k]) !== normalised(k, wanted[k]));
      if (differs)
        throw new SqsError('QueueNameExists', `A queue already exists with the same name and a different value for attribute(s)`, 'QueueAlreadyExists');
      return existing;
    }
    const now = this.clock.now();
    const queue: Queue = { name, attributes: wanted, createdAt: now, modifiedAt: now, messages: new Map(), visibility: new DueQueue(), listeners: new Set() };
    this.queues.set(name, queue);
    this.persistSoon();
    return queue;
  }

  setAttributes(queue: Queue, attributes: QueueAttributes): void {
    Object.assign(queue.attributes, validateAttributes(attributes));
    queue.modifiedAt = this.clock.now();
    this.persistSoon();
  }

  deleteQueue(queue: Queue): void {
    queue.cancelTimer?.();
    this.queues.delete(queue.name);
    this.persistSoon();
  }

  send(queue: Queue, body: unknown, delaySeconds: unknown, messageAttributes: unknown): StoredMessage {
    if (typeof body !== 'string' || body.length === 0) throw new SqsError('MissingParameter', 'The request must contain the parameter MessageBody.');
    if (Buffer.byteLength(body) > Number(queue.attributes.MaximumMessageSize)) {
      throw invalidParameter(`One or more parameters are invalid. Reason: Message must be shorter than ${queue.attributes.MaximumMessageSize} bytes.`);
    }
    checkBodyCharacters(body);
    const delay = integerParam(delaySeconds, 'DelaySeconds', [0, 900], Number(queue.attributes.DelaySeconds));
    const attributes = validateMessageAttributes(messageAttributes);
    const now = this.clock.now();
    const message: StoredMessage = {
      key: randomUUID(),
      messageId: randomUUID(),
      body,
      md5OfBody: md5(body),
      messageAttributes: attributes,
      md5OfMessageAttributes: md5OfMessageAttributes(attributes),
      sentAt: now,
      visibleAt: now + delay * 1000,
      receiveCount: 0,
    };
    this.put(queue, message);
    this.wakeAt(queue, message.visibleAt);
    this.persistSoon();
    return message;
  }

  /**
   * Takes up to `max` visible messages and hides them for `visibilitySeconds`. The visible ones are
   * the top of the queue's visibility heap, so a receive costs O(max · log n) however many messages
   * are in flight or delayed behind them.
   */
  receive(queue: Queue, max: number, visibilitySeconds: number): StoredMessage[] {
    const now = this.clock.now();
    const retentionMs = Number(queue.attributes.MessageRetentionPeriod) * 1000;
    const redrive = parseRedrive(queue.attributes.RedrivePolicy);
    const taken: StoredMessage[] = [];
    const copies: StoredMessage[] = [];
    while (taken.length < max) {
      const [key] = queue.visibility.takeDue(now, 1);
      if (key === undefined) break;
      const message = queue.messages.get(key);
      if (!message) continue;
      if (message.sentAt + retentionMs <= now) {
        queue.messages.delete(message.key);
        continue;
      }
      // Like SQS, a message that has used up its receives moves to the DLQ when next received.
      if (redrive && message.receiveCount >= redrive.maxReceiveCount) {
        const dlq = this.queues.get(queueNameOfArn(redrive.deadLetterTargetArn) ?? '');
        if (dlq) {
          queue.messages.delete(message.key);
          this.moveTo(dlq, message, localQueueArn(queue.name));
          continue;
        }
      }
      message.receiveCount += 1;
      message.firstReceiveAt ??= now;
      message.visibleAt = now + visibilitySeconds * 1000;
      message.receipt = Buffer.from(`${message.key}:${randomUUID()}`).toString('base64url');
      taken.push({ ...message });
      if (this.faults.duplicateDeliveries && !message.duplicated) {
        message.duplicated = true;
        copies.push({ ...message, key: randomUUID(), visibleAt: now, receipt: undefined, duplicated: true });
      }
    }
    // Filed again only now: with a visibility timeout of 0 a message would otherwise come up twice
    // in this receive. The second deliveries likewise go to a later receive, as the switch promises.
    for (const message of taken) queue.visibility.set(message.key, message.visibleAt);
    for (const copy of copies) this.put(queue, copy);
    if (copies.length > 0) this.wakeAt(queue, now);
    // With nothing visible left, the next message to become visible (a delay ending, or one of
    // these visibility timeouts) wakes the queue's listeners; while visible ones remain, whoever
    // is listening is busy and receives again when free.
    const next = queue.visibility.peek();
    if (next !== undefined && next > now) this.wakeAt(queue, next);
    if (taken.length > 0) this.persistSoon();
    return taken;
  }

  /** Stores a message and files it under its visibility time. */
  private put(queue: Queue, message: StoredMessage): void {
    queue.messages.set(message.key, message);
    queue.visibility.set(message.key, message.visibleAt);
  }

  private remove(queue: Queue, message: StoredMessage): void {
    queue.messages.delete(message.key);
    queue.visibility.delete(message.key);
  }

  private moveTo(dlq: Queue, message: StoredMessage, sourceArn: string): void {
    const now = this.clock.now();
    const moved: StoredMessage = {
      ...message,
      key: randomUUID(),
      visibleAt: now,
      receiveCount: 0,
      firstReceiveAt: undefined,
      receipt: undefined,
      duplicated: false,
      deadLetterQueueSourceArn: sourceArn,
    };
    this.put(dlq, moved);
    this.wakeAt(dlq, now);
  }

  private byReceipt(queue: Queue, receipt: unknown): StoredMessage | undefined {
    if (typeof receipt !== 'string' || !receipt) throw new SqsError('MissingParameter', 'The request must contain the parameter ReceiptHandle.');
    const key = /^([0-9a-f-]{36}):/.exec(Buffer.from(receipt, 'base64url').toString('utf8'))?.[1];
    if (!key) throw new SqsError('ReceiptHandleIsInvalid', `The input receipt handle "${receipt}" is not a valid receipt handle.`);
    const message = queue.messages.get(key);
    return message?.receipt === receipt ? message : undefined;
  }

  /** A stale receipt handle (the message was received again since) succeeds without deleting, as on SQS. */
  delete(queue: Queue, receipt: unknown): void {
    const message = this.byReceipt(queue, receipt);
    if (message) {
      this.remove(queue, message);
      this.persistSoon();
    }
  }

  changeVisibility(queue: Queue, receipt: unknown, timeout: unknown): void {
    const seconds = integerParam(timeout, 'VisibilityTimeout', [0, 43_200], Number.NaN);
    if (Number.isNaN(seconds)) throw new SqsError('MissingParameter', 'The request must contain the parameter VisibilityTimeout.');
    const message = this.byReceipt(queue, receipt);
    const now = this.clock.now();
    if (!message || message.visibleAt <= now)
      throw new SqsError('MessageNotInflight', 'The message referred to is not in flight.', 'AWS.SimpleQueueService.MessageNotInflight');
    message.visibleAt = now + seconds * 1000;
    queue.visibility.set(message.key, message.visibleAt);
    this.wakeAt(queue, message.visibleAt);
    this.persistSoon();
  }

  purge(queue: Queue): void {
    queue.messages.clear();
    queue.visibility = new DueQueue();
    this.persistSoon();
  }

  counts(queue: Queue): { visible: number; inFlight: number; delayed: number } {
    const now = this.clock.now();
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const m of queue.messages.values()) {
      if (m.visibleAt <= now) visible++;
      else if (m.receipt) inFlight++;
      else delayed++;
    }
    return { visible, inFlight, delayed };
  }

  /**
   * Arms the queue's one timer for `at` if that is sooner than what it waits for. Always a timer,
   * also when `at` has come: its firing looks for the next delayed message and arms for it. (A bare
   * notify here lost that chain when `at` came due between onTimer's scan and this call: the
   * messages after it waited for an unrelated visibility timeout.)
   */
  wakeAt(queue: Queue, at: number): void {
    if (this.stopped) return;
    if (queue.cancelTimer && queue.timerAt !== undefined && queue.timerAt <= at) return;
    queue.cancelTimer?.();
    queue.timerAt = at;
    queue.cancelTimer = this.clock.setTimer(at, () => this.onTimer(queue));
  }

  private onTimer(queue: Queue): void {
    queue.cancelTimer = undefined;
    queue.timerAt = undefined;
    this.notify(queue);
    // Listeners that took every visible message armed the timer in receive; this covers a queue
    // nobody listens to, whose first receive then finds its messages visible.
    const next = queue.visibility.peek();
    if (next !== undefined && next > this.clock.now()) this.wakeAt(queue, next);
  }

  private notify(queue: Queue): void {
    if (this.stopped) return;
    for (const listener of [...queue.listeners]) listener();
  }

  private persistSoon(): void {
    if (!this.stopped) this.store.saveSoon();
  }

  private snapshot(): PersistedState {
    return {
      version: 1,
      queues: [...this.queues.values()].map((q) => ({
        name: q.name,
        attributes: q.attributes,
        createdAt: q.createdAt,
        modifiedAt: q.modifiedAt,
        messages: [...q.messages.values()],
      })),
    };
  }

  private restore(state: PersistedState): void {
    for (const q of state.queues) {
      const queue: Queue = {
        ...q,
        attributes: { ...DEFAULT_ATTRIBUTES, ...q.attributes },
        messages: new Map(),
        visibility: new DueQueue(),
        listeners: new Set(),
      };
      for (const m of q.messages) this.put(queue, m);
      this.queues.set(q.name, queue);
      const next = queue.visibility.peek();
      if (next !== undefined && next > this.clock.now()) this.wakeAt(queue, next);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const queue of this.queues.values()) queue.cancelTimer?.();
    this.store.close();
  }
}
