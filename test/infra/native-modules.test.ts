import path from 'node:path';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { allHandlerModules } from '../../functions/routes';
import { AppFunction, bundlingFor, NATIVE_MODULE_HANDLERS, nativeModuleInstall, REPO_ROOT } from '../../infra/constructs/app-function';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/**
 * sharp is a native module: esbuild cannot inline it, and the binary must be the
 * Lambda's (linux-arm64), not the build machine's. Only media confirm (and media from a link, which
 * ends in confirm) may import it, be bundled with it external, and have it installed beside the bundle.
 */
const SHARP_LOCKED = '0.35.5';

describe('native modules in the Lambda bundles', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp();
  });

  it('gives sharp to media confirm and to no other function', () => {
    const functions = synth.stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
    const carrying = functions.filter((fn) => fn.nativeModules.length > 0).map((fn) => [fn.node.id, fn.nativeModules]);

    expect(functions.length).toBeGreaterThan(20);
    expect(carrying).toEqual([
      [expect.stringMatching(/ConfirmUpload/), ['sharp']],
      // Media from a link ends in the same confirm (functions/domain/media-from-url.ts).
      [expect.stringMatching(/MediaFromUrl/), ['sharp']],
    ]);
  });

  it('gives media confirm the memory and time to convert a large image, on arm64', () => {
    const fns = Object.values(synth.template.findResources('AWS::Lambda::Function')) as { Properties: TemplateJson }[];
    const confirm = fns.filter((fn) => fn.Properties.MemorySize === 1536);

    expect(confirm).toHaveLength(1);
    expect(confirm[0]!.Properties).toMatchObject({ Timeout: 29, Architectures: ['arm64'] });
  });

  it('keeps sharp out of the bundle and installs the locked version for linux-arm64 after bundling', () => {
    const confirm = bundlingFor('media/confirm-upload', Architecture.ARM_64);
    const other = bundlingFor('media/delete-media', Architecture.ARM_64);

    expect(confirm.externalModules).toEqual(['@aws-sdk/*', 'sharp']);
    expect(other.externalModules).toEqual(['@aws-sdk/*']);
    expect(other.commandHooks).toBeUndefined();
    const commands = confirm.commandHooks!.afterBundling('/in', '/asset-output');
    expect(commands[0]).toMatch(new RegExp(`^npm install --prefix "/asset-output" .*--os=linux --cpu=arm64 sharp@${SHARP_LOCKED.replace(/\./g, '\\.')}$`));
    // The build fails if npm installed the build machine's binary instead of the Lambda's.
    expect(commands[1]).toBe('test -f "/asset-output/node_modules/@img/sharp-linux-arm64/package.json"');
    expect(nativeModuleInstall(['sharp'], Architecture.X86_64, '/o')[1]).toContain('@img/sharp-linux-x64/');
  });

  it('finds sharp in the import graph of media confirm only, so no other bundle tries to inline it', async () => {
    const handlers = allHandlerModules();
    const result = await build({
      entryPoints: Object.fromEntries(handlers.map((m) => [m, path.join(REPO_ROOT, 'functions/handlers', `${m}.ts`)])),
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      outdir: path.join(REPO_ROOT, 'node_modules/.cache/native-modules-test'),
      external: ['@aws-sdk/*', 'sharp'],
      tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
      logLevel: 'silent',
    });

    const importingSharp = Object.values(result.metafile.outputs)
      .filter((out) => out.imports.some((i) => i.path === 'sharp' && i.external))
      .map((out) => out.entryPoint);
    expect(importingSharp).toEqual(['functions/handlers/media/confirm-upload.ts', 'functions/handlers/media/media-from-url.ts']);
    expect(Object.keys(NATIVE_MODULE_HANDLERS)).toEqual(['media/confirm-upload', 'media/media-from-url']);
  }, 120_000);
});
