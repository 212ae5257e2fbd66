import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY_LAST_ACCOUNT } from '#protocol/product';
import { refuseStorage } from '../testing/storage';
import { forgetAccount, notePasskeyOnDevice, rememberAccount, rememberedAccount } from './rememberedAccount';

beforeEach(() => localStorage.clear());

describe('the account last signed in on this device (issue 44)', () => {
  it('keeps the e-mail and whether a passkey was used here, never a password', () => {
    rememberAccount('kari@skole.no');
    expect(rememberedAccount()).toEqual({ email: 'kari@skole.no', passkey: false });
    rememberAccount('kari@skole.no', true);
    // A later password sign-in of the same account keeps what is known of its passkey.
    rememberAccount('Kari@skole.no');
    expect(rememberedAccount()).toEqual({ email: 'Kari@skole.no', passkey: true });
    expect(Object.keys(JSON.parse(localStorage.getItem(STORAGE_KEY_LAST_ACCOUNT)!))).toEqual(['email', 'passkey']);
  });

  it("another account's sign-in replaces it, with no passkey of the first carried over", () => {
    rememberAccount('kari@skole.no', true);
    rememberAccount('per@skole.no');
    expect(rememberedAccount()).toEqual({ email: 'per@skole.no', passkey: false });
  });

  it('notes a passkey made here, and its absence once none is left', () => {
    rememberAccount('kari@skole.no');
    notePasskeyOnDevice('kari@skole.no', true);
    expect(rememberedAccount()?.passkey).toBe(true);
    notePasskeyOnDevice('kari@skole.no', false);
    expect(rememberedAccount()?.passkey).toBe(false);
  });

  it("'Ikke deg?' forgets it; something broken in storage reads as nothing", () => {
    rememberAccount('kari@skole.no');
    forgetAccount();
    expect(rememberedAccount()).toBeNull();
    localStorage.setItem(STORAGE_KEY_LAST_ACCOUNT, '{"email":"ikke en adresse","passkey":true}');
    expect(rememberedAccount()).toBeNull();
    localStorage.setItem(STORAGE_KEY_LAST_ACCOUNT, '{');
    expect(rememberedAccount()).toBeNull();
  });

  it('works on without storage', () => {
    refuseStorage();
    expect(() => rememberAccount('kari@skole.no')).not.toThrow();
    expect(rememberedAccount()).toBeNull();
    expect(() => forgetAccount()).not.toThrow();
  });
});
