import { Stack } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface FirewallProps {
  /**
   * Requests one client IP may send in any 5 minutes before WAF blocks it for a while. A flood
   * guard far above any person's use (a signed-in session makes a few requests a minute); the
   * per-user and per-route limits in the API (functions/routes.ts) are the finer ones.
   * @default 2000
   */
  readonly requestsPerIpPer5Minutes?: number;
}

/** An AWS managed rule group, in priority order. */
const MANAGED_RULE_GROUPS = [
  // Addresses Amazon's threat intelligence lists (bots, scanners, known attackers).
  'AWSManagedRulesAmazonIpReputationList',
  // OWASP-style checks on every request.
  'AWSManagedRulesCommonRuleSet',
  // Request patterns known to exploit vulnerabilities (Log4j, Java deserialization, localhost Host…).
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * A WAF web ACL for the CloudFront distribution (scope CLOUDFRONT, so it must be created in
 * us-east-1: infra/config.ts refuses `waf` elsewhere). Three AWS managed rule groups and a per-IP
 * rate rule; everything else is allowed.
 */
export class Firewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: FirewallProps = {}) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (region !== 'us-east-1') throw new Error(`A CloudFront web ACL must be created in us-east-1, not ${region}`);

    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    const managed = MANAGED_RULE_GROUPS.map((name, priority): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          // The common set blocks bodies over 8 KB. A post's captions (Facebook alone allows 63,206
          // characters) and its media list are legitimately larger; the API bounds bodies itself.
          ...(name === 'AWSManagedRulesCommonRuleSet' && { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }),
        },
      },
      visibilityConfig: visibility(name),
    }));

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Schedule and Autopost - managed rule groups and a per-IP rate limit in front of CloudFront',
      visibilityConfig: visibility('ScheduleAutopostWebAcl'),
      rules: [
        ...managed,
        {
          name: 'RequestsPerIp',
          priority: managed.length,
          action: { block: {} },
          statement: {
            rateBasedStatement: { aggregateKeyType: 'IP', limit: props.requestsPerIpPer5Minutes ?? 2000, evaluationWindowSec: 300 },
          },
          visibilityConfig: visibility('RequestsPerIp'),
        },
      ],
    });
  }

  get webAclArn(): string {
    return this.webAcl.attrArn;
  }
}
