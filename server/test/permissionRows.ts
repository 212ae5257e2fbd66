import type { CallerName } from './callers';
import type { ApiClient, ApiResponse } from './httpClient';
import { afterProof } from './reauthentication';

/** The callers of the permission matrix (permissionMatrix.test.ts), in the order of each row's statuses. */
export const WHO = [
  'anonymous',
  'pendingA',
  'deactivatedA',
  'supervisorA',
  'caretakerA',
  'adminA',
  'platform',
] as const satisfies readonly CallerName[];
export type Statuses = readonly [number, number, number, number, number, number, number];
type OtherSchool = { as: 'adminB' | 'supervisorB' | 'caretakerB'; call: (x: ApiClient) => Promise<ApiResponse>; status: number };
export type Row = { probe: (x: ApiClient) => Promise<ApiResponse>; expect: Statuses; otherSchool?: OtherSchool[] };

export const BAD_ID = 'ikke-en-id';
export const ANY_SIGNED_IN_OK = (ok: number): Statuses => [401, 403, 403, ok, ok, ok, ok];

/** The matrix's rows for signing in and for one's own account: none names a school's data. */
export const ACCOUNT_ROWS: Record<string, Row> = {
  'GET /api/health': { probe: (x) => x.get('/api/health'), expect: [200, 200, 200, 200, 200, 200, 200] },
  'GET /api/openapi.json': { probe: (x) => x.get('/api/openapi.json'), expect: [200, 200, 200, 200, 200, 200, 200] },
  'POST /api/auth/login': { probe: (x) => x.post('/api/auth/login', {}), expect: [400, 400, 400, 400, 400, 400, 400] },
  'POST /api/auth/register': { probe: (x) => x.post('/api/auth/register', {}), expect: [400, 400, 400, 400, 400, 400, 400] },
  'GET /api/auth/me': { probe: (x) => x.get('/api/auth/me'), expect: [401, 200, 200, 200, 200, 200, 200] },
  'POST /api/auth/activity': { probe: (x) => x.post('/api/auth/activity'), expect: [401, 200, 200, 200, 200, 200, 200] },
  'PUT /api/auth/change-password': { probe: (x) => x.put('/api/auth/change-password', {}), expect: ANY_SIGNED_IN_OK(400) },
  // OpenID Connect (issue 33): this server has no providers configured, so every id is unknown; the
  // flows themselves are in features/oidc/oidc.test.ts.
  'GET /api/auth/providers': { probe: (x) => x.get('/api/auth/providers'), expect: [200, 200, 200, 200, 200, 200, 200] },
  'GET /api/auth/oidc/:id/start': { probe: (x) => x.get('/api/auth/oidc/feide/start'), expect: [404, 404, 404, 404, 404, 404, 404] },
  'GET /api/auth/oidc/:id/callback': { probe: (x) => x.get('/api/auth/oidc/feide/callback'), expect: [404, 404, 404, 404, 404, 404, 404] },
  'GET /api/auth/oidc/registration': { probe: (x) => x.get('/api/auth/oidc/registration'), expect: [404, 404, 404, 404, 404, 404, 404] },
  'POST /api/auth/oidc/registration': {
    probe: (x) => x.post('/api/auth/oidc/registration', {}),
    expect: [400, 400, 400, 400, 400, 400, 400],
  },
  // A forgotten password (issue 33): asked for and used signed out; no mail is set up here (409).
  'GET /api/auth/forgot-password': { probe: (x) => x.get('/api/auth/forgot-password'), expect: [200, 200, 200, 200, 200, 200, 200] },
  'POST /api/auth/forgot-password': { probe: (x) => x.post('/api/auth/forgot-password', {}), expect: [400, 400, 400, 400, 400, 400, 400] },
  'POST /api/auth/reset-password': { probe: (x) => x.post('/api/auth/reset-password', {}), expect: [400, 400, 400, 400, 400, 400, 400] },
  // Passkeys (issue 33): the caller's own on 'Min konto', any approved account; sign-in with one is open
  // to anyone (a challenge, then its answer). The ceremonies themselves are in e2e/passkeys.test.ts.
  'GET /api/account/passkeys': { probe: (x) => x.get('/api/account/passkeys'), expect: ANY_SIGNED_IN_OK(200) },
  // Factor changes need a fresh proof first (issue 43): proven here, so the rows say who may; without one, reauthentication.test.ts.
  'POST /api/account/passkeys/options': {
    probe: afterProof((x) => x.post('/api/account/passkeys/options')),
    expect: ANY_SIGNED_IN_OK(200),
  },
  'POST /api/account/passkeys': { probe: afterProof((x) => x.post('/api/account/passkeys', {})), expect: ANY_SIGNED_IN_OK(400) },
  'DELETE /api/account/passkeys/:id': {
    probe: afterProof((x) => x.request('DELETE', `/api/account/passkeys/${BAD_ID}`)),
    expect: ANY_SIGNED_IN_OK(400),
  },
  'POST /api/account/reauthenticate': { probe: (x) => x.post('/api/account/reauthenticate', {}), expect: ANY_SIGNED_IN_OK(400) },
  // Nobody here has a passkey to prove with (409); the ceremony is in reauthentication.test.ts.
  'POST /api/account/reauthenticate/passkey/options': {
    probe: (x) => x.post('/api/account/reauthenticate/passkey/options'),
    expect: ANY_SIGNED_IN_OK(409),
  },
  'POST /api/account/reauthenticate/passkey': {
    probe: (x) => x.post('/api/account/reauthenticate/passkey', {}),
    expect: ANY_SIGNED_IN_OK(400),
  },
  // 'Innlogginger' (issue 43): one's own sessions.
  'GET /api/account/sessions': { probe: (x) => x.get('/api/account/sessions'), expect: ANY_SIGNED_IN_OK(200) },
  'DELETE /api/account/sessions/:id': {
    probe: (x) => x.request('DELETE', `/api/account/sessions/${BAD_ID}`),
    expect: ANY_SIGNED_IN_OK(400),
  },
  // 'Huskede enheter' (issue 44): one's own devices that skip the code; the flows are in features/secondFactor/trustedDevices.test.ts.
  'GET /api/account/trusted-devices': { probe: (x) => x.get('/api/account/trusted-devices'), expect: ANY_SIGNED_IN_OK(200) },
  'DELETE /api/account/trusted-devices/:id': {
    probe: (x) => x.request('DELETE', `/api/account/trusted-devices/${BAD_ID}`),
    expect: ANY_SIGNED_IN_OK(400),
  },
  'POST /api/auth/passkey/options': { probe: (x) => x.post('/api/auth/passkey/options'), expect: [200, 200, 200, 200, 200, 200, 200] },
  'POST /api/auth/passkey/login': { probe: (x) => x.post('/api/auth/passkey/login', {}), expect: [400, 400, 400, 400, 400, 400, 400] },
  // An authenticator app (issue 33): one's own on 'Min konto'; the code at sign-in is open to anyone
  // (without a half-done sign-in in this browser, 401). The flows are in features/secondFactor/totp.test.ts.
  'GET /api/account/totp': { probe: (x) => x.get('/api/account/totp'), expect: ANY_SIGNED_IN_OK(200) },
  'POST /api/account/totp/setup': { probe: afterProof((x) => x.post('/api/account/totp/setup')), expect: ANY_SIGNED_IN_OK(200) },
  'POST /api/account/totp/confirm': { probe: afterProof((x) => x.post('/api/account/totp/confirm', {})), expect: ANY_SIGNED_IN_OK(400) },
  'POST /api/account/totp/disable': {
    probe: afterProof((x) => x.post('/api/account/totp/disable', { code: 'x' })),
    expect: ANY_SIGNED_IN_OK(400),
  },
  'POST /api/auth/second-factor': {
    probe: (x) => x.post('/api/auth/second-factor', { code: '123456' }),
    expect: [401, 401, 401, 401, 401, 401, 401],
  },
};

/**
 * The register of students (issue 46): read by Admin, Tilsynsvakt and the platform naming the
 * school; its whole record and its changes the office's. `registerId` is one of school A's students.
 */
export function registerRows(schoolA: () => string, registerId: () => string): Record<string, Row> {
  const STUDENTS = '/api/admin/register/students';
  return {
    'GET /api/register/entries': {
      probe: (x) => x.get('/api/register/entries'),
      expect: [401, 403, 403, 200, 403, 200, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/register/entries?schoolId=${schoolA()}`), status: 403 }],
    },
    // Tonight's list (issue 47): who reads the register; a date is needed (400 without it).
    'GET /api/register/tonight': {
      probe: (x) => x.get('/api/register/tonight'),
      expect: [401, 403, 403, 400, 403, 400, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/register/tonight?date=2026-03-10&schoolId=${schoolA()}`), status: 403 }],
    },
    // Roll calls (issue 47): Admin, Tilsynsvakt and the platform naming the school; what they do is in features/rollCalls.
    'GET /api/roll-calls': {
      probe: (x) => x.get('/api/roll-calls'),
      expect: [401, 403, 403, 400, 403, 400, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/roll-calls?date=2026-03-10&schoolId=${schoolA()}`), status: 403 }],
    },
    'POST /api/roll-calls': {
      probe: (x) => x.post('/api/roll-calls', {}),
      expect: [401, 403, 403, 400, 403, 400, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/roll-calls?schoolId=${schoolA()}`, { date: '2026-03-10' }), status: 403 }],
    },
    'PUT /api/roll-calls/:id/marks/:studentId': {
      probe: (x) => x.put(`/api/roll-calls/${BAD_ID}/marks/${BAD_ID}`, {}),
      expect: [401, 403, 403, 400, 403, 400, 400],
    },
    'POST /api/roll-calls/:id/finish': {
      probe: (x) => x.post(`/api/roll-calls/${BAD_ID}/finish`, {}),
      expect: [401, 403, 403, 400, 403, 400, 400],
    },
    'GET /api/admin/register': {
      probe: (x) => x.get('/api/admin/register'),
      expect: [401, 403, 403, 403, 403, 200, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/register?schoolId=${schoolA()}`), status: 403 }],
    },
    'POST /api/admin/register/students': {
      probe: (x) => x.post(STUDENTS, {}),
      expect: [401, 403, 403, 403, 403, 400, 400],
      otherSchool: [
        { as: 'adminB', call: (x) => x.post(`${STUDENTS}?schoolId=${schoolA()}`, { firstName: 'Inn', lastName: 'Trenger' }), status: 403 },
      ],
    },
    'PUT /api/admin/register/students/:id': {
      probe: (x) => x.put(`${STUDENTS}/${BAD_ID}`, {}),
      expect: [401, 403, 403, 403, 403, 400, 400],
      otherSchool: [
        { as: 'adminB', call: (x) => x.put(`${STUDENTS}/${registerId()}`, { room: '1' }), status: 404 },
        { as: 'adminB', call: (x) => x.put(`${STUDENTS}/${registerId()}?schoolId=${schoolA()}`, { room: '1' }), status: 403 },
      ],
    },
    'POST /api/admin/register/students/:id/leave': {
      probe: (x) => x.post(`${STUDENTS}/${BAD_ID}/leave`, {}),
      expect: [401, 403, 403, 403, 403, 400, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.post(`${STUDENTS}/${registerId()}/leave`, { leftAt: '2026-03-10' }), status: 404 }],
    },
    // Linking names on lists from before the register: what it does is in features/studentRegister/linkedLists.test.ts.
    'GET /api/admin/register/links': {
      probe: (x) => x.get('/api/admin/register/links'),
      expect: [401, 403, 403, 403, 403, 200, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/register/links?schoolId=${schoolA()}`), status: 403 }],
    },
    'POST /api/admin/register/links': {
      // The probe links nothing: school A's lists hold no name of its register.
      probe: (x) => x.post('/api/admin/register/links'),
      expect: [401, 403, 403, 403, 403, 200, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/admin/register/links?schoolId=${schoolA()}`), status: 403 }],
    },
    // Import from a file: what it does is in features/studentRegister/registerImport.test.ts.
    'POST /api/admin/register/import': {
      probe: (x) => x.post('/api/admin/register/import', {}),
      expect: [401, 403, 403, 403, 403, 400, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/admin/register/import?schoolId=${schoolA()}`, {}), status: 403 }],
    },
    'POST /api/admin/register/import/:id/preview': {
      probe: (x) => x.post(`/api/admin/register/import/${BAD_ID}/preview`, {}),
      expect: [401, 403, 403, 403, 403, 400, 400],
    },
    'POST /api/admin/register/import/:id/apply': {
      probe: (x) => x.post(`/api/admin/register/import/${BAD_ID}/apply`, {}),
      expect: [401, 403, 403, 403, 403, 400, 400],
    },
    'POST /api/admin/register/students/:id/return': {
      probe: (x) => x.post(`${STUDENTS}/${BAD_ID}/return`),
      expect: [401, 403, 403, 403, 403, 400, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.post(`${STUDENTS}/${registerId()}/return`), status: 404 }],
    },
  };
}

/**
 * The evacuation list (issue 47): every member sees it and marks people safe, those who count at
 * night start and end it, the platform naming the school. The probes start nothing: a body or id
 * that does not pass.
 */
export function evacuationRows(schoolA: () => string): Record<string, Row> {
  return {
    'GET /api/evacuations': {
      probe: (x) => x.get('/api/evacuations'),
      expect: [401, 403, 403, 200, 200, 200, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/evacuations?schoolId=${schoolA()}`), status: 403 }],
    },
    'POST /api/evacuations': {
      probe: (x) => x.post('/api/evacuations', { drill: 'kanskje' }),
      expect: [401, 403, 403, 400, 403, 400, 400],
      otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/evacuations?schoolId=${schoolA()}`, { drill: true }), status: 403 }],
    },
    'PUT /api/evacuations/:id/people/:personId': {
      probe: (x) => x.put(`/api/evacuations/${BAD_ID}/people/${BAD_ID}`, { safe: true }),
      expect: [401, 403, 403, 400, 400, 400, 400],
    },
    'POST /api/evacuations/:id/end': {
      probe: (x) => x.post(`/api/evacuations/${BAD_ID}/end`, {}),
      expect: [401, 403, 403, 400, 403, 400, 400],
    },
    'GET /api/evacuations/:id/list.pdf': {
      probe: (x) => x.get(`/api/evacuations/${BAD_ID}/list.pdf`),
      expect: [401, 403, 403, 400, 400, 400, 400],
    },
  };
}
