// A local Lambda worker thread: TypeScript through tsx, then the runtime's message loop.
import { register } from 'tsx/esm/api';

register();
await import('./lambda-worker.ts');
