import * as iam from 'aws-cdk-lib/aws-iam';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface BillingProps {
  /**
   * Name of the Secrets Manager secret (created by the operator) holding the Stripe keys as
   * `{"secretKey": "sk_…", "webhookSecret": "whsec_…"}`.
   * @default - none: billing functions answer "Stripe is not configured" until it is set
   */
  readonly stripeSecretName?: string;
  /**
   * The Stripe price sold for each of our product ids: `{"prod_sa_basic_monthly": "price_…"}`.
   * A paid plan without a price here cannot be bought.
   * @default {}
   */
  readonly stripePrices?: Readonly<Record<string, string>>;
  /** The pool in which a paid public checkout's account is created. */
  readonly userPool: IUserPool;
}

/**
 * Selling plans with Stripe. Stripe itself is the resource; this capability owns the
 * settings billing functions need (which secret, which prices) and the rights they get.
 */
export class Billing extends Construct {
  /** @default - undefined when no secret name is configured */
  readonly stripeSecret?: ISecret;
  private readonly prices?: string;
  private readonly userPool: IUserPool;

  constructor(scope: Construct, id: string, props: BillingProps) {
    super(scope, id);
    this.userPool = props.userPool;
    // Unset means none (the handlers' env defaults to {}), so functions only carry what was configured.
    if (props.stripePrices && Object.keys(props.stripePrices).length) this.prices = JSON.stringify(props.stripePrices);
    if (props.stripeSecretName) this.stripeSecret = Secret.fromSecretNameV2(this, 'StripeKeys', props.stripeSecretName);
  }

  /** A function that talks to Stripe: the price list, and read access to the keys. */
  bindStripeClient(fn: IFunction & { addEnvironment(key: string, value: string): unknown }): void {
    if (this.prices) fn.addEnvironment('STRIPE_PRICES', this.prices);
    if (!this.stripeSecret) return;
    fn.addEnvironment('STRIPE_SECRET_NAME', this.stripeSecret.secretName);
    this.stripeSecret.grantRead(fn);
  }

  /**
   * Signup completion signs the paid account up through the app client (SignUp needs no IAM right,
   * and leaves the user unconfirmed until the e-mail is verified); it only looks the e-mail up first.
   */
  grantAccountCreation(fn: IFunction & { addEnvironment(key: string, value: string): unknown }, client: { userPoolClientId: string }): void {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [this.userPool.userPoolArn] }));
    fn.addEnvironment('USER_POOL_CLIENT_ID', client.userPoolClientId);
  }

  /** "Sign out everywhere" (and after a password change) revokes the user's refresh tokens: exactly AdminUserGlobalSignOut. */
  grantSessionRevocation(fn: IFunction): void {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminUserGlobalSignOut'], resources: [this.userPool.userPoolArn] }));
  }

  /**
   * Changing a password proves the current one first: exactly AdminInitiateAuth (ADMIN_USER_PASSWORD_AUTH
   * through the SPA's app client, which allows that flow for server-side callers only).
   */
  grantPasswordCheck(fn: IFunction & { addEnvironment(key: string, value: string): unknown }, client: { userPoolClientId: string }): void {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminInitiateAuth'], resources: [this.userPool.userPoolArn] }));
    fn.addEnvironment('USER_POOL_CLIENT_ID', client.userPoolClientId);
  }

  /**
   * The app's password change and a checkout account's first password: exactly AdminSetUserPassword, on
   * this pool; the app client's id for the ConfirmSignUp before it (a public call, no IAM).
   */
  grantPasswordChange(fn: IFunction & { addEnvironment(key: string, value: string): unknown }, client: { userPoolClientId: string }): void {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminSetUserPassword'], resources: [this.userPool.userPoolArn] }));
    fn.addEnvironment('USER_POOL_CLIENT_ID', client.userPoolClientId);
  }

  /** Account deletion removes the signed-in user's own login: exactly AdminDeleteUser, on this pool. */
  grantAccountDeletion(fn: IFunction): void {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminDeleteUser'], resources: [this.userPool.userPoolArn] }));
  }
}
