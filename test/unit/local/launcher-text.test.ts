import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirLine, webBuildLine } from '../../../local/launcher-text';

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

describe("the launcher's web build line", () => {
  it('says the app was rebuilt and how long it took, or that the build is current', () => {
    expect(webBuildLine({ built: true, ms: 2_340 })).toContain('built (sources changed) in 2.3 s');
    expect(webBuildLine({ built: false, ms: 7 })).toContain('build is current');
  });
});
