import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
const DESCRIBES_A_VALUE = ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'];

/** The path of a part that says nothing of its value (zod's z.custom or z.date without .meta()), or null. */
function unspecifiedPart(schema: JsonSchema, path = '$'): string | null {
  if (!DESCRIBES_A_VALUE.some((key) => key in schema)) return path;
  const children: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries((schema.properties ?? {}) as JsonSchema)) children.push([`${path}.${key}`, value]);
  for (const key of ['items', 'additionalProperties']) if (typeof schema[key] === 'object') children.push([`${path}.${key}`, schema[key]]);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, part] of ((schema[key] ?? []) as unknown[]).entries()) children.push([`${path}.${key}[${i}]`, part]);
  for (const [name, part] of Object.entries((schema.definitions ?? {}) as JsonSchema)) children.push([`#/definitions/${name}`, part]);
  for (const [childPath, child] of children) {
    const found = unspecifiedPart(child as JsonSchema, childPath);
    if (found) return found;
  }
  return null;
}

/**
 * Responses are written by serializers compiled once from each route's zod schema (through its
 * JSON Schema), as Fastify does with its own schemas, instead of zod parsing every response before
 * JSON.stringify: on a list of a week's reports that parse was most of the request's time. Only
 * the declared fields are written, as zod's parse kept only those. A part of a schema that JSON
 * Schema cannot express (a z.custom without .meta() saying what it is) stops the server at start.
 */
export function compiledResponseSerializer({
  schema,
  method,
  url,
}: {
  schema: unknown;
  method: string;
  url: string;
}): (data: unknown) => string | Buffer {
  if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  const unspecified = unspecifiedPart(jsonSchema);
  if (unspecified) throw new Error(`${method} ${url}: the response schema does not say what ${unspecified} holds`);
  const write = fastJson(jsonSchema);
  // A frozen value is one the cache shares until it changes (cache/readThrough.ts): what was
  // written for it is sent again, as bytes (Fastify sends a Buffer as it is: no length to count,
  // no text to encode), until the value is let go.
  const written = new WeakMap<object, Buffer>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return write(data);
    const known = written.get(data);
    if (known !== undefined) return known;
    const bytes = Buffer.from(write(data));
    written.set(data, bytes);
    return bytes;
  };
}

// Fastify's type says a serializer gives text; it sends the Buffer a cached answer is kept as unchanged.
export const responseSerializerCompiler = compiledResponseSerializer as unknown as FastifySchemaCompiler<unknown>;
