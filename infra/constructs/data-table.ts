import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type CfnTable, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_DESIGN } from '../../functions/data/table-design';
import type { Capability } from '../../functions/capabilities';
import { nagRef } from './nag-ref';

export interface DataTableProps {
  /**
   * What happens to the table (and its data) when it leaves the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Refuse DeleteTable (from the console, the CLI or a stack update that replaces the table) until
   * someone turns this off: the table holds every user's data.
   * @default true when removalPolicy is RETAIN
   */
  readonly deletionProtection?: boolean;
}

/** The single table (docs/data-model.md), shaped by TABLE_DESIGN so infra and the data layer cannot drift. */
export class DataTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataTableProps = {}) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_DESIGN.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DESIGN.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_DESIGN.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      deletionProtection: props.deletionProtection ?? (props.removalPolicy ?? RemovalPolicy.RETAIN) === RemovalPolicy.RETAIN,
    });
    for (const index of Object.values(TABLE_DESIGN.indexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: index.projection === 'KEYS_ONLY' ? ProjectionType.KEYS_ONLY : ProjectionType.ALL,
      });
    }
  }

  get tableName(): string {
    return this.table.tableName;
  }

  /** Item reads and writes on the table and its indexes. */
  grantReadWrite(grantee: IGrantable): void {
    this.grant(grantee, ['table:read', 'table:write']);
  }

  /**
   * Exactly the item actions of the declared table capabilities, on the table and its indexes:
   * reads (GetItem, Query, BatchGetItem, ConditionCheckItem), writes (PutItem, UpdateItem, DeleteItem,
   * BatchWriteItem), Scan only when declared.
   */
  grant(grantee: IGrantable, needs: readonly Capability[]): void {
    const actions = needs.flatMap((need) => TABLE_ACTIONS[need as keyof typeof TABLE_ACTIONS] ?? []);
    if (actions.length === 0) return;
    Grant.addToPrincipal({ grantee, actions: [...actions].sort(), resourceArns: [`${this.table.tableArn}/index/*`, this.table.tableArn] });
    // The grant names `<table arn>/index/*` so queries on every GSI work; acknowledge exactly that.
    const principal = grantee.grantPrincipal;
    if (principal instanceof Construct) {
      Validations.of(principal).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagRef(principal, this.table.node.defaultChild as CfnTable, 'Arn')}/index/*]`,
        reason: "Item access on the single table covers its GSIs (gsi1, gsi2, gsi3); the wildcard only spans this table's indexes.",
      });
    }
  }
}

const TABLE_ACTIONS = {
  'table:read': ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'],
  'table:write': ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  'table:scan': ['dynamodb:Scan'],
} as const satisfies Partial<Record<Capability, readonly string[]>>;
