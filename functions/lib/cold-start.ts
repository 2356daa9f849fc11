import { functionOf } from '../routes';
import { assertEnvFor } from './env';

/**
 * Injected into every deployed handler bundle (infra/constructs/app-function.ts bundlingFor), so it
 * runs when the module loads: the function's settings are parsed at cold start, before any request,
 * and a missing one fails the deployment's smoke test. The bundler defines __HANDLER_MODULE__.
 */
declare const __HANDLER_MODULE__: string;

assertEnvFor(functionOf(__HANDLER_MODULE__)?.needs ?? []);
