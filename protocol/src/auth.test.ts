import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema } from './auth';

function messages(form: { currentPassword: string; newPassword: string; confirmPassword: string }): string[] {
  const parsed = changePasswordFormSchema.safeParse(form);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('the change-password form', () => {
  it('says a mismatch first, then a short password (spec §5)', () => {
    expect(messages({ currentPassword: 'gammel', newPassword: 'abc', confirmPassword: 'abd' })).toEqual([
      'Nye passord stemmer ikke overens',
      'Nytt passord må være minst 6 tegn',
    ]);
    expect(messages({ currentPassword: 'gammel', newPassword: 'abc', confirmPassword: 'abc' })).toEqual([
      'Nytt passord må være minst 6 tegn',
    ]);
  });

  it('takes a new password of six characters that is confirmed', () => {
    expect(messages({ currentPassword: 'gammel', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual([]);
  });
});
