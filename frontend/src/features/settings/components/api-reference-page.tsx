import { Alert, Badge, Box, Card, Code, Heading, HStack, Link, Spinner, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { OPENAPI_DOCUMENT_URL, useOpenApiDocument, type OpenApiDocument, type Operation } from '../api/openapi-document';

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', patch: 'orange', put: 'orange', delete: 'red' };

/**
 * /home/api-reference: the public API's OpenAPI document (served by the backend at /v1/openapi.json,
 * generated from the route table and its schemas) shown as a reference: operations grouped by tag,
 * each with its parameters, request body and answers; schemas fold open as JSON.
 */
export function ApiReferencePage() {
  const document = useOpenApiDocument();

  return (
    <Stack gap="6">
      <PageHeader title="API reference" description="Every route of the public API (/v1), as its OpenAPI document describes it." />
      <Text>
        Calls take an API key from{' '}
        <Link asChild colorPalette="brand" variant="underline">
          <RouterLink to={`${paths.app.settings.getHref()}?tab=api-keys`}>Settings → API keys</RouterLink>
        </Link>
        . The document itself is at{' '}
        <Link href={OPENAPI_DOCUMENT_URL} colorPalette="brand" variant="underline">
          <Code>{OPENAPI_DOCUMENT_URL}</Code>
        </Link>{' '}
        for generating a client.
      </Text>
      {document.isPending ? (
        <HStack role="status" gap="2">
          <Spinner size="sm" />
          <Text>Loading the API reference…</Text>
        </HStack>
      ) : document.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{document.error.message}</Alert.Title>
        </Alert.Root>
      ) : (
        <Reference document={document.data} />
      )}
    </Stack>
  );
}

function Reference({ document }: { document: OpenApiDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const tags = document.tags.map((t) => t.name);

  return (
    <Stack gap="8">
      {document.info.description ? <Text color="fg.muted">{withCode(document.info.description)}</Text> : null}
      {tags.map((tag) => (
        <Stack key={tag} gap="4" as="section" aria-labelledby={`tag-${tag}`}>
          <Heading as="h2" size="lg" id={`tag-${tag}`} textTransform="capitalize">
            {tag}
          </Heading>
          {operations
            .filter((o) => o.operation.tags.includes(tag))
            .map(({ path, method, operation }) => (
              <OperationCard key={operation.operationId} path={path} method={method} operation={operation} document={document} />
            ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** A `#/components/<kind>/<name>` reference, looked up in the document. */
function resolved<T extends { $ref?: string }>(item: T, from: Record<string, T>): T {
  return item.$ref ? (from[item.$ref.split('/').at(-1)!] ?? item) : item;
}

function OperationCard({ path, method, operation, document }: { path: string; method: string; operation: Operation; document: OpenApiDocument }) {
  const parameters = operation.parameters.map((p) => resolved(p, document.components.parameters));
  const body = operation.requestBody?.content['application/json']?.schema;

  return (
    <Card.Root as="article" variant="outline" id={operation.operationId} aria-label={`${method.toUpperCase()} ${path}`}>
      <Card.Header>
        <HStack gap="3" flexWrap="wrap">
          <Badge colorPalette={METHOD_COLORS[method] ?? 'gray'} variant="subtle" textTransform="uppercase">
            {method}
          </Badge>
          <Heading as="h3" size="sm" fontFamily="mono" wordBreak="break-all">
            {path}
          </Heading>
        </HStack>
        {operation.summary ? <Text>{withCode(operation.summary)}</Text> : null}
        {operation.description ? (
          <Text color="fg.muted" fontSize="sm">
            {withCode(operation.description)}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {parameters.length > 0 ? (
            <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={`Parameters of ${method.toUpperCase()} ${path}`}>
              <Table.Root recipe={tableSlotRecipe} size="sm">
                <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" color="fg">
                  Parameters
                </Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Name</Table.ColumnHeader>
                    <Table.ColumnHeader>In</Table.ColumnHeader>
                    <Table.ColumnHeader>Type</Table.ColumnHeader>
                    <Table.ColumnHeader>Required</Table.ColumnHeader>
                    <Table.ColumnHeader>Description</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {parameters.map((p) => (
                    <Table.Row key={`${p.in}-${p.name}`}>
                      <Table.Cell fontFamily="mono">{p.name}</Table.Cell>
                      <Table.Cell>{p.in}</Table.Cell>
                      <Table.Cell fontFamily="mono">{typeOf(p.schema)}</Table.Cell>
                      <Table.Cell>{p.required ? 'yes' : 'no'}</Table.Cell>
                      <Table.Cell>{p.description ? withCode(p.description) : null}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ) : null}
          {body ? <SchemaBlock label="Request body (JSON)" schema={body} /> : null}
          <Stack gap="2">
            <Text fontWeight="semibold">Answers</Text>
            {Object.entries(operation.responses).map(([status, raw]) => {
              const response = resolved(raw, document.components.responses);
              const schema = response.content?.['application/json']?.schema;
              return (
                <Box key={status}>
                  <HStack gap="2" alignItems="baseline">
                    <Badge colorPalette={status.startsWith('2') ? 'green' : 'red'} variant="subtle">
                      {status}
                    </Badge>
                    <Text fontSize="sm">{withCode(response.description ?? '')}</Text>
                  </HStack>
                  {schema && status.startsWith('2') ? <SchemaBlock label={`${status} body (JSON)`} schema={schema} /> : null}
                </Box>
              );
            })}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A schema's JSON, folded: `details` is a native disclosure, reachable and announced without script. */
function SchemaBlock({ label, schema }: { label: string; schema: Record<string, unknown> }) {
  return (
    <chakra.details borderWidth="1px" rounded="md" px="3" py="2">
      <chakra.summary cursor="pointer" fontWeight="medium">
        {label}
      </chakra.summary>
      <chakra.pre mt="2" p="3" bg="bg.muted" rounded="md" fontSize="xs" overflowX="auto" tabIndex={0} role="region" aria-label={label}>
        {JSON.stringify(schema, null, 2)}
      </chakra.pre>
    </chakra.details>
  );
}

/**
 * An OpenAPI description is CommonMark; the document's only markup is the code span (`GET /api/x`),
 * shown as code rather than with its backticks. A lone backtick stays as typed.
 */
function withCode(text: string): ReactNode[] {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) => (part.length > 2 && part.startsWith('`') && part.endsWith('`') ? <Code key={i}>{part.slice(1, -1)}</Code> : part));
}

function typeOf(schema: Record<string, unknown> | undefined): string {
  if (!schema) return '';
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  return typeof schema.type === 'string' ? schema.type : 'object';
}
