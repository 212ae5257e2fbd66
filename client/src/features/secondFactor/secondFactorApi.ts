import { messageSchema, type Message } from '#protocol/common';
import {
  platformSecondFactorRuleSchema,
  recoveryCodesSchema,
  secondFactorRuleSchema,
  totpSetupSchema,
  totpStatusSchema,
  type PlatformSecondFactorRule,
  type RecoveryCodes,
  type SecondFactorRule,
  type TotpSetup,
  type TotpStatus,
} from '#protocol/secondFactor';
import { getData, request, withSchool } from '../../api/http';

/** The authenticator app on 'Min konto' (issue 33). */
export function fetchTotpStatus(): Promise<TotpStatus | null> {
  return getData('/api/account/totp', totpStatusSchema);
}

export function beginTotpSetup(): Promise<TotpSetup> {
  return request('POST', '/api/account/totp/setup', totpSetupSchema);
}

export function confirmTotpSetup(code: string): Promise<RecoveryCodes> {
  return request('POST', '/api/account/totp/confirm', recoveryCodesSchema, { code });
}

/** After a fresh proof (issue 43), which with the app on took a code already. */
export function turnTotpOff(): Promise<Message> {
  return request('POST', '/api/account/totp/disable', messageSchema, {});
}

/** The school's requirement; schoolId null for an Admin's own school. */
export function fetchSchoolRule(schoolId: string | null): Promise<SecondFactorRule | null> {
  return getData(withSchool('/api/admin/second-factor', schoolId), secondFactorRuleSchema);
}

export function putSchoolRule(required: boolean, schoolId: string | null): Promise<SecondFactorRule> {
  return request('PUT', withSchool('/api/admin/second-factor', schoolId), secondFactorRuleSchema, { required });
}

export function fetchPlatformRule(): Promise<PlatformSecondFactorRule | null> {
  return getData('/api/plattformadministrator/second-factor', platformSecondFactorRuleSchema);
}

export function putPlatformRule(required: boolean): Promise<PlatformSecondFactorRule> {
  return request('PUT', '/api/plattformadministrator/second-factor', platformSecondFactorRuleSchema, { required });
}
