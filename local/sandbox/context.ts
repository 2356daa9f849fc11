import type { Router } from './router';
import type { SandboxState } from './state';

export interface SandboxContext {
  readonly state: SandboxState;
  readonly router: Router;
  /** e.g. http://localhost:3000 */
  readonly publicUrl: string;
  /** e.g. http://localhost:3000/_sandbox */
  readonly sandboxUrl: string;
}
