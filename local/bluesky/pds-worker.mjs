// The local Bluesky PDS's worker thread: TypeScript through tsx, then the thread's message loop.
import { register } from 'tsx/esm/api';

register();
await import('./pds-thread.ts');
