import * as z from 'zod';

/**
 * The OpenAPI document's schema, apart from the query that reads it (openapi-document.ts) so that the
 * API reference page paints without zod; it loads with the document.
 */

const Schema = z.record(z.string(), z.unknown());
const ParameterSchema = z.object({
  name: z.string().optional(),
  in: z.string().optional(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: Schema.optional(),
  $ref: z.string().optional(),
});
const ResponseSchema = z.object({
  description: z.string().optional(),
  content: z.record(z.string(), z.object({ schema: Schema.optional() })).optional(),
  $ref: z.string().optional(),
});
const OperationSchema = z.object({
  operationId: z.string(),
  tags: z.array(z.string()).default([]),
  summary: z.string().optional(),
  description: z.string().optional(),
  parameters: z.array(ParameterSchema).default([]),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: Schema.optional() })) }).optional(),
  responses: z.record(z.string(), ResponseSchema),
});

/** The parts of an OpenAPI 3.1 document the reference page shows; anything else is kept as is. */
export const OpenApiDocumentSchema = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  tags: z.array(z.object({ name: z.string() })).default([]),
  paths: z.record(z.string(), z.record(z.string(), OperationSchema)),
  components: z
    .object({
      parameters: z.record(z.string(), ParameterSchema).default({}),
      responses: z.record(z.string(), ResponseSchema).default({}),
    })
    .default({ parameters: {}, responses: {} }),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
export type Operation = z.infer<typeof OperationSchema>;
