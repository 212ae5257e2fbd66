import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledResponseSerializer } from './responseSerializer';

const route = { method: 'GET', url: '/api/test' };
const text = (written: string | Buffer) => written.toString();

describe('the compiled response serializers', () => {
  it('write only the fields the schema names, as zod’s parse kept only those', () => {
    const write = compiledResponseSerializer({ ...route, schema: z.object({ id: z.string(), names: z.array(z.string()) }) });
    expect(JSON.parse(text(write({ id: 'a', names: ['Åse'], passwordHash: 'x' })))).toEqual({ id: 'a', names: ['Åse'] });
  });

  it('refuse at start a schema part JSON Schema cannot say, unless .meta() says what it holds', () => {
    expect(() => compiledResponseSerializer({ ...route, schema: z.object({ map: z.custom(() => true) }) })).toThrow(/\$\.map/);
    const map = z.custom<Record<string, string>>(() => true).meta({ type: 'object', additionalProperties: { type: 'string' } });
    const write = compiledResponseSerializer({ ...route, schema: z.object({ map }) });
    expect(JSON.parse(text(write({ map: JSON.parse('{"__proto__":"syk"}') }))).map).toEqual(JSON.parse('{"__proto__":"syk"}'));
  });

  it('send a frozen (cached) value as the bytes written the first time, and anything else anew', () => {
    const write = compiledResponseSerializer({ ...route, schema: z.array(z.object({ id: z.string() })) });
    const cached = Object.freeze([Object.freeze({ id: 'a' })]);
    const first = write(cached);
    expect(write(cached)).toBe(first);
    expect(text(first)).toBe('[{"id":"a"}]');
    const fresh = [{ id: 'a' }];
    expect(write(fresh)).toBe('[{"id":"a"}]');
    fresh[0]!.id = 'b';
    expect(write(fresh)).toBe('[{"id":"b"}]');
  });
});
