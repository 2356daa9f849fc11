import { type CfnElement, Names, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * How cdk-nag prints `element`'s attribute in a finding on `consumer` (e.g. `<DataTable1234.Arn>`):
 * by logical id in the element's own stack, or by the parameter CDK passes it through when the
 * consumer sits in another (nested) stack (core/lib/private/refs.ts names it reference-to-<unique id><attribute>).
 */
export function nagRef(consumer: IConstruct, element: CfnElement, attribute: string): string {
  if (Stack.of(consumer) === Stack.of(element)) return `<${Stack.of(element).resolve(element.logicalId) as string}.${attribute}>`;
  return `<referenceto${Names.nodeUniqueId(element.node)}${attribute}>`;
}
