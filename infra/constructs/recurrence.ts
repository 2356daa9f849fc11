import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { JOB_HANDLERS } from '../../functions/jobs';
import { anyAboveZeroAlarm } from './alarms';
import { AppFunction, type FunctionEnvironment } from './app-function';

export interface RecurrenceSweepProps {
  readonly functionEnvironment: FunctionEnvironment;
  /** @default functions/handlers in the repository */
  readonly handlersDir?: string;
}

/**
 * Recurring posts on AWS (docs/recurring-posts.md#the-sweep): the hourly sweep that schedules the
 * next occurrences of every series whose window needs extending, and an alarm on its errors. Its
 * capabilities come from JOBS.recurrenceSweep (functions/routes.ts).
 */
export class RecurrenceSweep extends Construct {
  readonly sweep: AppFunction;
  readonly alarms: readonly Alarm[];

  constructor(scope: Construct, id: string, props: RecurrenceSweepProps) {
    super(scope, id);
    this.sweep = new AppFunction(this, 'Sweep', {
      environment: props.functionEnvironment,
      handlersDir: props.handlersDir,
      handlerModule: JOB_HANDLERS.recurrenceSweep,
    });
    new Rule(this, 'SweepRule', {
      description: 'Schedules the next occurrences of recurring posts (docs/recurring-posts.md)',
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [new LambdaTarget(this.sweep)],
    });
    this.alarms = [
      anyAboveZeroAlarm(
        this,
        'SweepErrorsAlarm',
        'Recurring posts: the sweep failed (crashed or timed out); series are not being extended',
        this.sweep.metricErrors({ period: Duration.hours(1), statistic: 'Sum' }),
      ),
    ];
  }

  get functions(): AppFunction[] {
    return [this.sweep];
  }
}
