import { beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/** The account-deletion function gets exactly what its steps need, and no other function gains it. */
type Resource = { Properties: TemplateJson };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

const DELETER = /^ApiAccountDeleteAccount/;
const functionsOf = (synth: SynthesizedApp) => Object.entries(synth.template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
const policiesOf = (synth: SynthesizedApp) => Object.entries(synth.template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
const statementsOf = (synth: SynthesizedApp, policyId: RegExp): Statement[] =>
  policiesOf(synth)
    .filter(([id]) => policyId.test(id))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

describe('the account-deletion function', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({ stripeSecretName: 'schedule-autopost/stripe' });
  });

  it('exists behind the authorizer as DELETE /api/account', () => {
    // Prepare
    const routes = Object.values(synth.template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).map((r) => r.Properties);

    // Assess
    expect(routes.find((r) => r.RouteKey === 'DELETE /api/account')?.AuthorizationType).toBe('JWT');
    expect(functionsOf(synth).filter(([id]) => DELETER.test(id))).toHaveLength(1);
  });

  it("runs long enough to wait out every request admitted before the deletion began, within API Gateway's 30 s", () => {
    // Prepare: deletion's last sweep waits the API functions' timeout (functions/domain/user-deletion.ts).
    const timeoutOf = (pattern: RegExp) => functionsOf(synth).find(([id]) => pattern.test(id))![1].Properties.Timeout;

    // Assess
    expect(timeoutOf(/^ApiMeGetMe/)).toBe(10);
    expect(timeoutOf(DELETER)).toBe(29);
  });

  it('may delete users in the app pool, and it is the only function that may', () => {
    // Prepare
    const deleters = policiesOf(synth).filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('cognito-idp:AdminDeleteUser'));
    const statement = statementsOf(synth, DELETER).find((s) => actions(s).includes('cognito-idp:AdminDeleteUser'));

    // Assess
    expect(deleters.map(([id]) => id.replace(/Role.*$/, ''))).toEqual(['ApiAccountDeleteAccount']);
    expect(statement).toMatchObject({
      Action: 'cognito-idp:AdminDeleteUser',
      Effect: 'Allow',
      Resource: { 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'] },
    });
  });

  it('may list the media bucket and delete its objects, but not read or write them', () => {
    // Prepare
    const s3 = statementsOf(synth, DELETER).filter((s) => actions(s).some((a) => a.startsWith('s3:')));
    const granted = s3.flatMap(actions).sort();

    // Assess
    expect(granted).toEqual(['s3:DeleteObject', 's3:ListBucket']);
    expect(JSON.stringify(s3)).toMatch(/MediaBucket/);
  });

  it('reads the Stripe keys, to cancel the subscription at once', () => {
    // Prepare
    const [, fn] = functionsOf(synth).find(([id]) => DELETER.test(id))!;
    const reads = statementsOf(synth, DELETER).filter((s) => actions(s).includes('secretsmanager:GetSecretValue'));

    // Assess
    expect(fn.Properties.Environment.Variables).toMatchObject({ STRIPE_SECRET_NAME: 'schedule-autopost/stripe' });
    expect(reads).toHaveLength(1);
  });

  it('leaves no unacknowledged cdk-nag finding on the function', () => {
    expect(synth.violations.filter((v) => v.violatingConstructs.some((c) => /AccountDeleteAccount/.test(c.constructPath)))).toEqual([]);
  });
});
