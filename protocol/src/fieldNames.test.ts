import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as protocol from './index';
import { FIELD_NAMES, fieldLabel } from './fieldNames';

/** Every key of an object schema, nested objects and arrays of objects included. */
function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  if (schema instanceof z.ZodArray) return keysOf(schema.element as z.ZodType);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable) {
    return keysOf(schema.unwrap() as z.ZodType);
  }
  return [];
}

describe('Norwegian field names', () => {
  it('names every field of every request body, query and path in Norwegian', () => {
    const requestSchemas = Object.entries(protocol).filter(([name]) => /(Body|Query|Params)Schema$/.test(name));
    expect(requestSchemas.length).toBeGreaterThan(20);
    const unnamed = requestSchemas.flatMap(([name, schema]) =>
      keysOf(schema as z.ZodType)
        .filter((key) => !Object.hasOwn(FIELD_NAMES, key))
        .map((key) => `${name}.${key}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('reads a path as a person would', () => {
    expect(fieldLabel(['name'])).toBe('navn');
    expect(fieldLabel(['students', '0', 'name'])).toBe('elever nr. 1, navn');
    expect(fieldLabel(['buttons', 2, 'label'])).toBe('gjøremål nr. 3, tekst');
    expect(fieldLabel(['classIds', '1'])).toBe('klasser nr. 2');
    expect(fieldLabel(['__proto__'])).toBe('__proto__');
  });
});
