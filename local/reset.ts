import fs from 'node:fs';
import { DEFAULT_DATA_DIR } from './cloud';

/** `npm run reset`: wipes the local cloud's data (users, table, media, inbox). */
fs.rmSync(DEFAULT_DATA_DIR, { recursive: true, force: true });
console.log(`Removed ${DEFAULT_DATA_DIR}. The next npm start begins with an empty local cloud.`);
