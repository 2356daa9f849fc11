import { describe, expect, it } from 'vitest';
import { assertProjectNode, REQUIRED_NODE_MAJOR } from '../../../local/node-runtime';

describe('the Node the project runs on', () => {
  it('is the Node 22 that npm installed, whatever Node the machine has', () => {
    // Act: this file runs under `npm test`, whose PATH starts with node_modules/.bin (the `node` package).
    const major = Number(process.versions.node.split('.')[0]);

    // Assess
    expect(major).toBe(REQUIRED_NODE_MAJOR);
    expect(() => assertProjectNode()).not.toThrow();
  });

  it('stops an entry point started with an older Node and says to go through npm', () => {
    expect(() => assertProjectNode('v20.20.2')).toThrow(/This is Node v20\.20\.2; the project runs on Node 22\. Run it through npm/);
    expect(() => assertProjectNode('v23.1.0')).not.toThrow();
  });
});
