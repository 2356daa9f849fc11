import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirLine } from '../../../local/launcher-text';

describe("the launcher's data directory line", () => {
  it('names .local/ when the data stays in the default place', () => {
    expect(dataDirLine('/work/app/.local', '/work/app')).toBe(`Data is kept in .local${path.sep} (npm run reset wipes it). Press Ctrl-C to stop.`);
  });

  it('names the directory LOCAL_DATA_DIR points at, not .local/', () => {
    expect(dataDirLine('/tmp/h8-local', '/work/app')).toBe(`Data is kept in /tmp/h8-local${path.sep} (npm run reset wipes it). Press Ctrl-C to stop.`);
  });

  it('shows a directory inside the project relative to it', () => {
    expect(dataDirLine('/work/app/data/dev', '/work/app')).toContain(`Data is kept in data${path.sep}dev${path.sep} `);
  });
});
