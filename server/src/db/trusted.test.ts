import { describe, expect, it } from 'vitest';
import { UserModel } from '../core/accounts/userModel';
import { trusted } from './trusted';
import { useServerWithFixture } from '../../test/useTestServer';

/** Defence in depth behind validation: an operator in a filter works only if the server marked it as its own. */
useServerWithFixture();

describe('sanitizeFilter', () => {
  it('an operator object that came from outside is a value, never an operator', async () => {
    const all = await UserModel.countDocuments({});
    expect(all).toBeGreaterThan(5);
    const fromRequest = JSON.parse('{ "$ne": "ingen@test.no" }') as unknown;
    const attempt = UserModel.countDocuments({ email: fromRequest });
    await expect(attempt).rejects.toThrow();
    expect(await UserModel.countDocuments({ email: trusted({ $ne: 'ingen@test.no' }) })).toBe(all);
  });
});
