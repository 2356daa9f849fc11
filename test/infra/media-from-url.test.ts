import { beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/**
 * Media from a link (docs/threat-model.md#10-media-links): the local cloud lets the media fetcher
 * reach its public-web stand-in through LOCAL_PUBLIC_WEB_ORIGIN. A deployed function must never
 * carry that setting (nor any other local-only one): on AWS every loopback and private address stays
 * refused. The function fits API Gateway's wait: 20 s of fetching inside a 29 s timeout.
 */
const functionsOf = (synth: SynthesizedApp) =>
  Object.entries(synth.template.findResources('AWS::Lambda::Function') as Record<string, { Properties: TemplateJson }>);

describe.each(['dev', 'prod'] as const)('the %s stack and media links', (stage) => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({ stage });
  });

  it('sets the public-web exemption (or any LOCAL_ setting) on no function', () => {
    const withLocal = functionsOf(synth).flatMap(([id, fn]) =>
      Object.keys((fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>)
        .filter((name) => name.startsWith('LOCAL_'))
        .map((name) => `${id}: ${name}`),
    );

    expect(functionsOf(synth).length).toBeGreaterThan(20);
    expect(withLocal).toEqual([]);
  });

  it('gives the fetching function 29 s and room for a 100 MB file beside confirm’s work', () => {
    const fetching = functionsOf(synth).filter(([id]) => /MediaFromUrl/.test(id));

    expect(fetching).toHaveLength(1);
    expect(fetching[0]![1].Properties).toMatchObject({ Timeout: 29, MemorySize: 1792 });
  });
});
