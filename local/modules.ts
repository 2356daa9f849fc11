import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RuntimeConfig } from '@shared/api';
import type { LocalCognito } from './cognito';
import type { LocalDynamo } from './dynamo';
import type { Inbox } from './inbox';
import type { LocalSqs } from './sqs';

/**
 * The contract between the local cloud (cloud.ts) and its emulators, in a file of its own so that
 * an emulator never imports the cloud that imports it. Each stand-in is one module: it starts, may
 * contribute environment for the Lambda handlers, routes on the front door and services for the
 * modules after it, and stops.
 */

/** Handles of running emulators that later modules use (no module-level singletons). */
export interface LocalServices {
  readonly cognito?: LocalCognito;
  readonly dynamo?: LocalDynamo;
  readonly sqs?: LocalSqs;
}

export interface ModuleContext {
  readonly dataDir: string;
  /** The one URL users open, e.g. http://localhost:3000 */
  readonly publicUrl: string;
  readonly inbox: Inbox;
  /** Environment contributed by the modules started before this one. */
  readonly env: Readonly<Record<string, string>>;
  /** Services provided by the modules started before this one. */
  readonly services: LocalServices;
}

export interface StartedModule {
  readonly env?: Record<string, string>;
  /**
   * Front-door routes: requests whose path starts with `prefix` go to `handle`. A route with a
   * `bodyLimit` never sees a body over `bytes`: the front door stops reading it and answers with
   * `refuse` (the service's own answer to an oversized request).
   */
  readonly routes?: {
    prefix: string;
    handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> | void;
    bodyLimit?: { bytes: number; refuse(res: http.ServerResponse): void };
  }[];
  /** Front-door WebSocket upgrades: requests whose path starts with `prefix` go to `handle`. */
  readonly upgrades?: { prefix: string; handle(req: http.IncomingMessage, socket: Duplex, head: Buffer): void }[];
  readonly config?: Partial<RuntimeConfig>;
  /** Services for the modules started after this one. */
  readonly provides?: Partial<LocalServices>;
  stop(): Promise<void>;
}

export interface LocalModule {
  readonly name: string;
  start(ctx: ModuleContext): Promise<StartedModule>;
}

/** The service `name` of an earlier module; throws when that module is not part of this cloud. */
export function requireService<K extends keyof LocalServices>(services: LocalServices, name: K, by: string): NonNullable<LocalServices[K]> {
  const service = services[name];
  if (!service) throw new Error(`${by} needs the local ${name}, started before it`);
  return service as NonNullable<LocalServices[K]>;
}
