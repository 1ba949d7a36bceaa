import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

/** Plain JSON, as the document is served. */
export type Json =
  null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
export type JsonObject = { readonly [key: string]: Json };

/** A plain-text reply that is one of `values`. */
export function textContent(values: readonly string[]): JsonObject {
  return { 'text/plain': { schema: { type: 'string', enum: [...values] } } };
}

export function textResponse(description: string, values: readonly string[]): JsonObject {
  return { description, content: textContent(values) };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** `post /leads/{id}/visits` → `postLeadsByIdVisits`: unique as method and path are. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/\{(\w+)\}/g, 'by $1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** Path items (or webhooks) with each operation's `operationId` written from its method and path. */
export function withOperationIds(items: Record<string, Json>): JsonObject {
  return Object.fromEntries(
    Object.entries(items).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item as JsonObject).map(([key, value]) => [
          key,
          HTTP_METHODS.has(key)
            ? { operationId: operationId(key, path), ...(value as JsonObject) }
            : value,
        ]),
      ),
    ]),
  );
}

export function allowHeader(methods: readonly string[]): JsonObject {
  return { Allow: { schema: { type: 'string', const: [...methods, 'OPTIONS'].join(', ') } } };
}

function jsonSchemaOf(schema: GenericSchema, typeMode: 'input' | 'output'): JsonObject {
  const jsonSchema = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    // A trimmed string is still a string to the client.
    ignoreActions: ['check', 'trim'],
  });
  // The document's dialect (OpenAPI 3.1, JSON Schema 2020-12) applies to every schema in it.
  delete jsonSchema.$schema;
  return jsonSchema as JsonObject;
}

/**
 * The JSON Schema of what a client sends, from the shared valibot schema: the input side of each
 * field, before the schema normalises it. Custom checks (`v.check`) have no JSON Schema form;
 * their limits are stated in each field's metadata and description.
 */
export function requestSchema(schema: GenericSchema): JsonObject {
  return jsonSchemaOf(schema, 'input');
}

/** The JSON Schema of what the server sends, from the shared valibot schema of an event. */
export function eventSchema(schema: GenericSchema): JsonObject {
  return jsonSchemaOf(schema, 'output');
}

/**
 * Answers built from named schemas: each name becomes one of `components.schemas`, and `answer`
 * writes any schema with a `$ref` wherever a named one appears in it.
 */
export function answerComponents(named: Record<string, GenericSchema>): {
  schemas: JsonObject;
  answer: (schema: GenericSchema) => JsonObject;
} {
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode: 'output',
    definitions: named,
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  };
  return {
    schemas: toJsonSchemaDefs(named, config) as JsonObject,
    answer: (schema) => {
      const jsonSchema = toJsonSchema(schema, config);
      delete jsonSchema.$schema;
      // The named schemas live in the document's components, not beside each answer.
      delete jsonSchema.$defs;
      return jsonSchema as JsonObject;
    },
  };
}

interface SchemaNode {
  message?: unknown;
  pipe?: readonly SchemaNode[];
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
}

/** Every message a schema can refuse input with, in the order its rules run. */
export function refusalMessages(schema: GenericSchema): string[] {
  const messages = new Set<string>();
  const visit = (node: SchemaNode) => {
    if (typeof node.message === 'string') messages.add(node.message);
    for (const child of [
      ...(node.pipe ?? []),
      ...(node.wrapped ? [node.wrapped] : []),
      ...Object.values(node.entries ?? {}),
    ]) {
      if (child !== node) visit(child);
    }
  };
  visit(schema as SchemaNode);
  return [...messages];
}

/**
 * A document written on its first request and kept: converting the schemas takes longer than
 * the rest of the server's start, and most servers are never asked for it.
 */
export function writtenOnFirstRequest<T>(write: () => T): () => T {
  let written: { document: T } | undefined;
  return () => (written ??= { document: write() }).document;
}
