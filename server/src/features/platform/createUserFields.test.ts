import { describe, expect, it } from 'vitest';
import type { Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { useSeededServer } from '../../../test/useTestServer';

/** 'Opprett bruker' on the platform pages (issue 45): a missing field is refused by name, in Norwegian. */

let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ fx, c } = started));

const BASE = '/api/plattformadministrator/users';
const full = () => ({ name: 'Ny Bruker', email: `ny${Math.random()}@test.no`, password: 'hemmelig', role: 'Admin', schoolId: fx.b.id });

describe('POST /api/plattformadministrator/users with a field missing', () => {
  it.each([
    ['schoolId', 'Velg en skole'],
    ['name', 'Navn må fylles ut'],
    ['email', 'E-post må fylles ut'],
    ['password', 'Passord må fylles ut'],
  ])('an empty %s is refused with «%s»', async (field, message) => {
    const res = await c.platform.post<{ message: string }>(BASE, { ...full(), [field]: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('a school left out altogether is named too', async () => {
    const { schoolId: _left, ...body } = full();
    const res = await c.platform.post<{ message: string }>(BASE, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Velg en skole');
  });
});
