import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, OLDEST_SUPPORTED_NODE, unsupportedNodeWarning } from './node-support.js';

describe('the Node.js versions the store supports', () => {
  it('are those the root package.json declares', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
    ) as {
      engines: { node: string };
    };
    expect(manifest.engines.node).toBe(`>=${OLDEST_SUPPORTED_NODE.major}.${OLDEST_SUPPORTED_NODE.minor}`);
  });

  it.each([
    ['22.12.0', true],
    ['22.23.5', true],
    ['24.0.0', true],
    ['25.1.0', true],
    ['22.11.0', false],
    ['20.20.2', false],
    ['18.20.4', false],
  ])('%s: supported %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
    expect(unsupportedNodeWarning(version) === undefined).toBe(supported);
  });

  it('says how to get a supported Node on an older one', () => {
    expect(unsupportedNodeWarning('20.20.2')).toContain('scripts/node-from-npm.sh 22');
  });
});
