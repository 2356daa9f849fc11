import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type CfnTable, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_DESIGN } from '../../functions/data/table-design';

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

/** The single table (DESIGN §5), shaped by TABLE_DESIGN so infra and the data layer cannot drift. */
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
    this.table.grantReadWriteData(grantee);
    // The grant names `<table arn>/index/*` so queries on every GSI work; acknowledge exactly that.
    const logicalId = Stack.of(this).resolve((this.table.node.defaultChild as CfnTable).logicalId) as string;
    const principal = grantee.grantPrincipal;
    if (principal instanceof Construct) {
      Validations.of(principal).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/index/*]`,
        reason: 'Read/write on the single table covers its GSIs (gsi1, gsi2, gsi3); the wildcard only spans this table\'s indexes.',
      });
    }
  }
}
