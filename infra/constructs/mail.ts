import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export interface MailProps {
  /** The From of the app's e-mails: an address of `identity`, optionally with a display name. */
  readonly from: string;
  /** The SES identity the operator verified in the stack's region: a domain, or one address. */
  readonly identity: string;
}

/**
 * The app's own e-mails (the 'mail:send' capability): SES, from an identity the operator created
 * and verified outside the stack (docs/deployment.md#e-mail), so the stack never owns DNS records
 * or an identity another deployment may share. A sender may send only as that identity.
 */
export class Mail extends Construct {
  readonly from: string;
  /** arn:aws:ses:<region>:<account>:identity/<identity> */
  readonly identityArn: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.from = props.from;
    this.identityArn = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: props.identity });
  }

  /** SendEmail as the identity (nothing else of SES), and MAIL_FROM to send from. */
  bindSender(fn: IFunction & { addEnvironment(key: string, value: string): unknown }): void {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [this.identityArn] }));
    fn.addEnvironment('MAIL_FROM', this.from);
  }
}
