// The local stand-ins ship without type declarations; these cover what local/ uses.
declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options: Record<string, unknown>): Server;
}
declare module 's3rver' {
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
