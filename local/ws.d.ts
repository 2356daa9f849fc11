// `ws` ships without types and @types/ws is not installed; this covers what the realtime emulator
// (local/realtime/index.ts) and its tests use. Drop it if @types/ws is ever added.
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string | URL, protocols?: string | string[], options?: Record<string, unknown>);
    readonly readyState: 0 | 1 | 2 | 3;
    readonly protocol: string;
    send(data: string | Buffer, cb?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'open', listener: () => void): this;
    on(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this;
    once(event: 'open' | 'close' | 'error', listener: (...args: never[]) => void): this;
  }

  interface ServerOptions {
    noServer?: boolean;
    handleProtocols?: (protocols: Set<string>, request: IncomingMessage) => string | false;
  }

  class WebSocketServer extends EventEmitter {
    constructor(options: ServerOptions);
    readonly clients: Set<WebSocket>;
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, callback: (client: WebSocket, request: IncomingMessage) => void): void;
    close(cb?: (error?: Error) => void): void;
  }

  export { WebSocket, WebSocketServer, type RawData };
  export default WebSocket;
}
