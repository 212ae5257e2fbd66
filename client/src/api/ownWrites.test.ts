import { describe, expect, it } from 'vitest';
import { isOwnEvent, newWriteId } from './ownWrites';

describe('knowing one’s own writes', () => {
  it('an event marked with a write this window sent is its own; any other mark, or none, is not', () => {
    const mine = newWriteId();
    expect(isOwnEvent({ requestId: mine })).toBe(true);
    expect(isOwnEvent({ requestId: newWriteId().replace(/.$/, 'x') })).toBe(false);
    expect(isOwnEvent({ requestId: null })).toBe(false);
  });
});
