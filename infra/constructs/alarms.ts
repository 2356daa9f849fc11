import { RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmsProps {
  /**
   * Who is told when an alarm fires. SNS mails a confirmation link first; nothing arrives until it
   * is clicked.
   * @default - no subscriber: the topic exists, subscribe to it by hand
   */
  readonly email?: string;
  /**
   * An existing SNS topic (a chat integration's, say) notified as well. A topic encrypted with a
   * customer managed key must let cloudwatch.amazonaws.com use that key.
   * @default - none
   */
  readonly topicArn?: string;
  /** @default RemovalPolicy.DESTROY */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * Where alarms go: one SNS topic (encrypted with its own key, TLS only), optionally with an e-mail
 * subscriber, and optionally an operator's own topic as well. `notifyOn(alarms)` makes every given alarm notify both when it fires and when it
 * recovers, so an operator also learns that a dead-letter backlog has drained.
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  private readonly otherTopic?: ITopic;

  constructor(scope: Construct, id: string, props: AlarmsProps = {}) {
    super(scope, id);
    // CloudWatch publishes to an encrypted topic only with a customer managed key it may use
    // (the AWS managed alias/aws/sns key policy does not name CloudWatch).
    const key = new Key(this, 'Key', {
      description: 'Encrypts the alarm notifications topic',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new Topic(this, 'Topic', { displayName: 'Schedule & Autopost alarms', masterKey: key, enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    if (props.topicArn) this.otherTopic = Topic.fromTopicArn(this, 'OtherTopic', props.topicArn);
  }

  /** Alarm and OK notifications of every given alarm go to the topic. */
  notifyOn(alarms: readonly Alarm[]): void {
    const actions = [this.topic, ...(this.otherTopic ? [this.otherTopic] : [])].map((topic) => new SnsAction(topic));
    for (const alarm of alarms) {
      alarm.addAlarmAction(...actions);
      alarm.addOkAction(...actions);
    }
  }
}

/**
 * An alarm on anything above zero in one period: a function's errors, a message left in a dead-letter
 * queue. No data (nothing ran, the queue was empty) is fine. What to do when one fires: docs/operations.md.
 */
export function anyAboveZeroAlarm(scope: Construct, id: string, alarmDescription: string, metric: IMetric): Alarm {
  return new Alarm(scope, id, {
    alarmDescription,
    metric,
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}
