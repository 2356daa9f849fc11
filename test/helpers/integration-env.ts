import { inject } from 'vitest';

// The handlers under test read their configuration from process.env, as on Lambda.
Object.assign(process.env, inject('cloud').env, { LOG_LEVEL: 'SILENT' });
