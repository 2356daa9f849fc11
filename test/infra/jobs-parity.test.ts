import { beforeAll, describe, expect, it } from 'vitest';
import { JOBS, jobEntries } from '../../functions/jobs';
import { localJobWiring } from '../../local/services/jobs';
import { differences, functionIdsByHandler, localSettings, tableSettings, templateSettings } from './job-parity';
import { type SynthesizedApp, synthApp } from './synth';

/**
 * The job table (functions/jobs.ts) is the one place a background job's trigger is declared; this
 * compares it with what the synthesized app deploys and what the local cloud wires
 * (local/services/jobs.ts `localJobWiring`, the values its module starts with): rate, queue
 * visibility, retention and redrive, DLQ retention and visibility, batch size, batching window,
 * maximum concurrency, asynchronous retries.
 */
describe('background jobs: the table, the template and the local cloud agree', () => {
  let synth: SynthesizedApp;
  beforeAll(() => {
    synth = synthApp();
  });
  const templateOf = (s: SynthesizedApp) => templateSettings(s.template.toJSON() as Parameters<typeof templateSettings>[0], functionIdsByHandler(s.stack));

  it('wires every job with the settings of its table entry, on AWS and locally, and nothing else', () => {
    // Prepare: the local cloud with the deployment's publisher concurrency (unset, each side has its own default).
    const local = localJobWiring({ PUBLISHER_CONCURRENCY: String(JOBS.publisher.trigger.maxConcurrency) });

    // Act
    const template = templateOf(synth);

    // Assess
    expect(differences({ table: tableSettings(), template: template.settings, local: localSettings(local) })).toEqual([]);
    expect(template.unclaimed).toEqual([]);
    expect(Object.keys(local).sort()).toEqual(
      jobEntries()
        .map(([name]) => name)
        .sort(),
    );
  });

  it("follows a deployment's publisher concurrency on both sides", () => {
    // Prepare
    const configured = synthApp({ publisherConcurrency: 20 });

    // Act
    const template = templateOf(configured);

    // Assess
    expect(
      differences({
        table: tableSettings({ maxConcurrency: { publisher: 20 } }),
        template: template.settings,
        local: localSettings(localJobWiring({ PUBLISHER_CONCURRENCY: '20' })),
      }),
    ).toEqual([]);
  });

  describe('the comparison', () => {
    it('fails when a job is missing from the local wiring', () => {
      // Prepare
      const { analyticsCollector: _dropped, ...local } = localJobWiring({ PUBLISHER_CONCURRENCY: '50' });

      // Act
      const found = differences({ table: tableSettings(), template: templateOf(synth).settings, local: localSettings(local) });

      // Assess
      expect(found).toEqual(['analyticsCollector: missing from local']);
    });

    it('fails when a job is missing from the template, and names its trigger as unclaimed when the function is not a job', () => {
      // Prepare: the recurrence sweep's rule taken out of the template.
      const json = structuredClone(synth.template.toJSON()) as Parameters<typeof templateSettings>[0];
      const ids = functionIdsByHandler(synth.stack);
      const sweepFn = ids.get(JOBS.recurrenceSweep.handler)![0]!;
      const ruleId = Object.entries(json.Resources).find(
        ([, r]) => r.Type === 'AWS::Events::Rule' && JSON.stringify(r.Properties?.Targets).includes(`"${sweepFn}"`),
      )![0];
      delete json.Resources[ruleId];
      const withoutWatchdog = new Map([...ids].filter(([handler]) => handler !== JOBS.watchdog.handler));

      // Act
      const missing = templateSettings(json, ids);
      const notAJob = templateSettings(synth.template.toJSON() as typeof json, withoutWatchdog);

      // Assess
      expect(differences({ table: tableSettings(), template: missing.settings })).toEqual(['recurrenceSweep: missing from template']);
      expect(notAJob.unclaimed).toHaveLength(1);
    });

    it('fails when the template drains a queue with other settings than the table', () => {
      // Prepare: the analytics collector's event source takes batches of 10.
      const json = structuredClone(synth.template.toJSON()) as Parameters<typeof templateSettings>[0];
      const ids = functionIdsByHandler(synth.stack);
      const collector = ids.get(JOBS.analyticsCollector.handler)![0]!;
      const mapping = Object.values(json.Resources).find(
        (r) => r.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(r.Properties?.FunctionName).includes(`"${collector}"`),
      )!;
      mapping.Properties!.BatchSize = 10;

      // Act
      const found = differences({ table: tableSettings(), template: templateSettings(json, ids).settings });

      // Assess
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^analyticsCollector: table .*"batchSize":5.* ≠ template .*"batchSize":10/);
    });
  });
});
