import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { Mail } from '../../infra/constructs/mail';
import { declarationOfFunction, MAIL, type SynthesizedApp, synthApp, type TemplateJson } from './synth';

type Resource = { Properties: TemplateJson };

/** A resource ARN of the template as text, a `Ref` as `${Name}` (the app's stacks resolve the partition, a bare stack does not). */
function arnText(value: TemplateJson): string {
  if (typeof value === 'string') return value;
  if (value.Ref) return `\${${String(value.Ref)}}`;
  const [separator, parts] = value['Fn::Join'] as [string, TemplateJson[]];
  return parts.map(arnText).join(separator);
}

/** What SendEmail may be called on: the identity, in the stack's region and account, and nothing else. */
function expectSendEmailOnIdentityOnly(statements: TemplateJson[], identity: string): void {
  expect(statements.map((st) => ({ ...st, Resource: arnText(st.Resource as TemplateJson) }))).toEqual([
    {
      Action: 'ses:SendEmail',
      Effect: 'Allow',
      Resource: expect.stringMatching(
        new RegExp(`^arn:(aws|\\$\\{AWS::Partition\\}):ses:us-east-1:\\$\\{AWS::AccountId\\}:identity/${identity.replaceAll('.', '\\.')}$`),
      ),
    },
  ]);
}

describe('the sending identity', () => {
  it('lets a sender call SendEmail as the verified identity only, and tells it the From', () => {
    // Prepare
    const stack = new Stack(new App(), 'MailTest', { env: { region: 'us-east-1' } });
    const fn = new LambdaFunction(stack, 'Sender', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {};'),
    });

    // Act
    new Mail(stack, 'Mail', { from: 'Schedule & Autopost <no-reply@mail.example.com>', identity: 'mail.example.com' }).bindSender(fn);

    // Assess
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { MAIL_FROM: 'Schedule & Autopost <no-reply@mail.example.com>' } } });
    const statements = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as TemplateJson[],
    );
    expectSendEmailOnIdentityOnly(statements, 'mail.example.com');
  });
});

describe('AppStack with a sending identity', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({ mail: MAIL });
  });

  it("grants SES and the From to exactly the functions that declare 'mail:send'", () => {
    // Prepare
    const functions = Object.entries(synth.template.findResources('AWS::Lambda::Function') as Record<string, Resource>).filter(
      ([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME,
    );
    const senders = functions.filter(([id]) => declarationOfFunction(id).needs.includes('mail:send')).map(([id]) => id);
    const sesPolicies = Object.entries(synth.template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter(([, p]) =>
      JSON.stringify(p.Properties.PolicyDocument.Statement).includes('ses:'),
    );

    // Assess
    expect(functions.filter(([, fn]) => fn.Properties.Environment.Variables.MAIL_FROM).map(([id]) => id)).toEqual(senders);
    expect(sesPolicies).toHaveLength(senders.length);
    for (const [, policy] of sesPolicies) {
      const ses = (policy.Properties.PolicyDocument.Statement as TemplateJson[]).filter((st) => JSON.stringify(st.Action).includes('ses:'));
      expectSendEmailOnIdentityOnly(ses, MAIL.identity);
    }
  });
});
