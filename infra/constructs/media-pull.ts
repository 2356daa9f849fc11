import { Validations } from 'aws-cdk-lib';
import {
  AccessLevel,
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  KeyGroup,
  PriceClass,
  PublicKey,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { MEDIA_PULL_PREFIX } from '../../functions/lib/media-pull';
import type { AppFunction } from './app-function';

export interface MediaPullProps {
  /** The private media bucket: read here, never written. */
  readonly mediaBucket: IBucket;
  /** PEM public key of the signing key pair (deployment setting `mediaPullPublicKey`). */
  readonly publicKeyPem: string;
  /** Secrets Manager secret (created by the operator) holding the PEM private key of that pair. */
  readonly privateKeySecretName: string;
  /** Bucket receiving the distribution's logs (under `cloudfront-media-pull/`). */
  readonly accessLogsBucket: IBucket;
}

/**
 * `/media-pull/<object key>`: CloudFront strips the prefix (so the path names the object key as it is).
 * It runs after CloudFront has checked the signed URL against the key group, which every behaviour of
 * this distribution requires.
 */
const STRIP_PREFIX = `function handler(event) {
  var request = event.request;
  if (request.uri.indexOf('${MEDIA_PULL_PREFIX}') !== 0) return { statusCode: 404, statusDescription: 'Not Found' };
  request.uri = request.uri.substring(${MEDIA_PULL_PREFIX.length - 1});
  return request;
}`;

/**
 * TikTok's URL-prefix verification fetches a signature file it names (`tiktok<code>.txt`) right under the
 * prefix, unsigned. Only that shape passes, mapped to the bucket's `tiktok-verification/` folder, where
 * the operator puts the file TikTok gives (no user's key can start with that folder: keys start with
 * the user's id or `avatars/`).
 */
const VERIFICATION_FILE = `function handler(event) {
  var request = event.request;
  var match = /^\\/media-pull\\/(tiktok[A-Za-z0-9_-]+\\.txt)$/.exec(request.uri);
  if (!match) return { statusCode: 404, statusDescription: 'Not Found' };
  request.uri = '/tiktok-verification/' + match[1];
  return request;
}`;

/**
 * Where TikTok pulls photo posts from (docs/tiktok.md#photo-posts): a CloudFront distribution in front of
 * the media bucket (Origin Access Control, GetObject only) that serves `/media-pull/*` and only with a
 * CloudFront signed URL from this deployment's key group. The publisher signs with the private key it reads
 * from Secrets Manager at cold start (functions/lib/media-pull.ts). The URL prefix
 * `https://<this distribution>/media-pull/` is what the operator verifies for the TikTok app.
 *
 * Its own distribution rather than a behaviour of the SPA's: the media bucket's CORS names the SPA's
 * origin (the SPA distribution's domain), so an origin on that same distribution pointing at the bucket
 * would make the bucket and the distribution depend on each other (a CloudFormation cycle).
 */
export class MediaPull extends Construct {
  readonly distribution: Distribution;
  readonly keyGroup: KeyGroup;
  readonly publicKey: PublicKey;
  /** `https://<distribution domain>`: pull URLs are this plus `/media-pull/<key>`. */
  readonly origin: string;
  private readonly privateKey;

  constructor(scope: Construct, id: string, props: MediaPullProps) {
    super(scope, id);
    this.publicKey = new PublicKey(this, 'PublicKey', {
      encodedKey: props.publicKeyPem,
      comment: 'Signs the URLs TikTok pulls photo posts from',
    });
    this.keyGroup = new KeyGroup(this, 'KeyGroup', { items: [this.publicKey], comment: 'Media pulls (TikTok photo posts)' });
    this.privateKey = Secret.fromSecretNameV2(this, 'PrivateKey', props.privateKeySecretName);
    const viewerRequest = (id: string, code: string, comment: string) => [
      {
        function: new CloudFrontFunction(this, id, { code: FunctionCode.fromInline(code), runtime: FunctionRuntime.JS_2_0, comment }),
        eventType: FunctionEventType.VIEWER_REQUEST,
      },
    ];
    const strip = viewerRequest('StripPrefix', STRIP_PREFIX, 'Map /media-pull/<key> to the media object key');
    // Read only: the bucket policy lets this distribution GetObject, nothing else.
    const origin = S3BucketOrigin.withOriginAccessControl(props.mediaBucket, { originAccessLevels: [AccessLevel.READ] });
    const behaviour = {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      // Query strings (the signature) stay out of the cache key and the origin request.
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      trustedKeyGroups: [this.keyGroup],
      functionAssociations: strip,
      compress: false,
    };
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Schedule & Autopost media pulls (TikTok photo posts)',
      httpVersion: HttpVersion.HTTP2,
      priceClass: PriceClass.PRICE_CLASS_100,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront-media-pull/',
      enableLogging: true,
      // Anything outside /media-pull/ is refused by the function, and still needs a signature first.
      defaultBehavior: behaviour,
      // Listed first: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        [`${MEDIA_PULL_PREFIX}tiktok*`]: {
          ...behaviour,
          trustedKeyGroups: undefined,
          functionAssociations: viewerRequest('VerificationFile', VERIFICATION_FILE, "Serve TikTok's URL-prefix verification file, unsigned"),
        },
        [`${MEDIA_PULL_PREFIX}*`]: behaviour,
      },
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'TikTok pulls from its own servers worldwide; there is no country to restrict.' },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'Served on the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; a custom domain would set TLSv1.2_2021.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          "No WAF here: every request must carry a signature from our key group, and the web ACL's per-IP rate rule would throttle TikTok's few pulling servers (35 photos a post, many users).",
      },
    );
    this.origin = `https://${this.distribution.distributionDomainName}`;
  }

  /** The publisher: where pull URLs point, the key pair id, and read access to the private key. */
  bindSigner(fn: AppFunction & IGrantable): void {
    fn.addEnvironment('MEDIA_PULL_ORIGIN', this.origin);
    fn.addEnvironment('MEDIA_PULL_KEY_PAIR_ID', this.publicKey.publicKeyId);
    fn.addEnvironment('MEDIA_PULL_PRIVATE_KEY_SECRET', this.privateKey.secretName);
    this.privateKey.grantRead(fn);
  }
}
