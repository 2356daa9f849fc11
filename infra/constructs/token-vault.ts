import { RemovalPolicy } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

export interface TokenVaultProps {
  /**
   * What happens to the key when it leaves the stack. Losing it makes every stored platform token
   * unreadable (users would have to reconnect every account).
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The KMS key that wraps the per-item data keys of stored platform tokens (functions/lib/secrets.ts,
 * envelope encryption). Functions get TOKEN_KMS_KEY_ID and encrypt/decrypt on this key only.
 */
export class TokenVault extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: TokenVaultProps = {}) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: 'Wraps the data keys of stored social-platform tokens',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
  }

  /** The value for TOKEN_KMS_KEY_ID. */
  get keyArn(): string {
    return this.key.keyArn;
  }

  /** Exactly what lib/secrets.ts calls: Encrypt (wrap a data key) and Decrypt (unwrap it). */
  grantEncryptDecrypt(grantee: IGrantable): void {
    this.key.grant(grantee, 'kms:Encrypt', 'kms:Decrypt');
  }
}
