import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#protocol/errors';
import { apiRoutes } from '../test/apiRoutes';
import type { Callers } from '../test/callers';
import type { Fixture } from '../test/fixtures';
import type { ApiClient } from '../test/httpClient';
import { ACCOUNT_ROWS, ANY_SIGNED_IN_OK, BAD_ID, evacuationRows, registerRows, WHO, type Row } from '../test/permissionRows';
import { signedIn } from '../test/sessions';
import type { TestServer } from '../test/testServer';
import { schoolASnapshot, seedSchoolAData } from '../test/schoolAData';
import { TestClock } from '../test/testClock';
import { useSeededServer } from '../test/useTestServer';
import { osloInstant } from '#protocol/time';

/**
 * The permission matrix: every route of the app, for every kind of caller of school A, with the
 * status each gets, written out; and for routes on a school's data, what a user of school B gets
 * when aiming at school A's. A route the app has without a row here fails the suite.
 *
 * The probes are harmless: a caller who gets past the access check meets a validation error (400)
 * or a read, so the matrix changes nothing. Statuses in the order of WHO.
 */

let server: TestServer;
let fx: Fixture;
let c: Callers & Record<'supervisorB' | 'caretakerB', ApiClient>;
const a = { classId: '', reportId: '', tripId: '', taskId: '', pendingId: '', registerId: '' };
const DAY = '2026-03-10';
const clock = new TestClock(osloInstant(DAY, 21, 0));

const MATRIX: Record<string, Row> = {
  ...ACCOUNT_ROWS,
  ...registerRows(
    () => fx.a.id,
    () => a.registerId,
  ),
  ...evacuationRows(() => fx.a.id),
  // The second factor's requirement (issue 33): the school's Admins (the platform naming the school), and the platform's own.
  'GET /api/admin/second-factor': {
    probe: (x) => x.get('/api/admin/second-factor'),
    expect: [401, 403, 403, 403, 403, 200, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/second-factor?schoolId=${fx.a.id}`), status: 403 }],
  },
  'PUT /api/admin/second-factor': {
    probe: (x) => x.put('/api/admin/second-factor', {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.put(`/api/admin/second-factor?schoolId=${fx.a.id}`, { required: false }), status: 403 }],
  },
  'GET /api/plattformadministrator/second-factor': {
    probe: (x) => x.get('/api/plattformadministrator/second-factor'),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  'PUT /api/plattformadministrator/second-factor': {
    probe: (x) => x.put('/api/plattformadministrator/second-factor', {}),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'GET /api/schools': { probe: (x) => x.get('/api/schools'), expect: [200, 200, 200, 200, 200, 200, 200] },
  // Notifications on the caller's own devices: the school roles that get any, never the platform.
  'GET /api/push/key': { probe: (x) => x.get('/api/push/key'), expect: [401, 403, 403, 200, 200, 200, 403] },
  'POST /api/push/subscriptions': { probe: (x) => x.post('/api/push/subscriptions', {}), expect: [401, 403, 403, 400, 400, 400, 403] },
  'DELETE /api/push/subscriptions': {
    probe: (x) => x.request('DELETE', '/api/push/subscriptions', {}),
    expect: [401, 403, 403, 400, 400, 400, 403],
  },

  // The Plattformadministrator names the school (?schoolId=); without one, 400.
  'GET /api/admin/users': {
    probe: (x) => x.get('/api/admin/users'),
    expect: [401, 403, 403, 403, 403, 200, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/users?schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/admin/users/pending': { probe: (x) => x.get('/api/admin/users/pending'), expect: [401, 403, 403, 403, 403, 200, 400] },
  'POST /api/admin/users/:id/approve': {
    probe: (x) => x.post(`/api/admin/users/${BAD_ID}/approve`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/admin/users/${a.pendingId}/approve`), status: 404 }],
  },
  'POST /api/admin/users/:id/reject': {
    probe: (x) => x.post(`/api/admin/users/${BAD_ID}/reject`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/admin/users/${a.pendingId}/reject`), status: 404 }],
  },
  'POST /api/admin/users/:id/deactivate': {
    probe: (x) => x.post(`/api/admin/users/${BAD_ID}/deactivate`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/admin/users/${fx.a.supervisor.id}/deactivate`), status: 404 }],
  },
  'POST /api/admin/users/:id/reactivate': {
    probe: (x) => x.post(`/api/admin/users/${BAD_ID}/reactivate`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/admin/users/${fx.a.deactivated.id}/reactivate`), status: 404 }],
  },
  'PUT /api/admin/users/:id/role': {
    probe: (x) => x.put(`/api/admin/users/${BAD_ID}/role`, { role: 'Admin' }),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.put(`/api/admin/users/${fx.a.supervisor.id}/role`, { role: 'Admin' }), status: 404 }],
  },
  'DELETE /api/admin/users/:id/identities/:providerId': {
    probe: (x) => x.delete(`/api/admin/users/${BAD_ID}/identities/feide`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.delete(`/api/admin/users/${fx.a.supervisor.id}/identities/feide`), status: 404 }],
  },
  'DELETE /api/admin/users/:id': {
    probe: (x) => x.delete(`/api/admin/users/${BAD_ID}`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.delete(`/api/admin/users/${fx.a.supervisor.id}`), status: 404 }],
  },

  'POST /api/admin/users/:id/password-reset-link': {
    probe: (x) => x.post(`/api/admin/users/${BAD_ID}/password-reset-link`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/admin/users/${fx.a.supervisor.id}/password-reset-link`), status: 404 }],
  },

  'GET /api/admin/classes': {
    probe: (x) => x.get('/api/admin/classes'),
    expect: [401, 403, 403, 403, 403, 200, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/classes?schoolId=${fx.a.id}`), status: 403 }],
  },
  'POST /api/admin/classes': {
    probe: (x) => x.post('/api/admin/classes', {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [
      { as: 'adminB', call: (x) => x.post(`/api/admin/classes?schoolId=${fx.a.id}`, { className: 'Inntrenger' }), status: 403 },
    ],
  },
  'PUT /api/admin/classes/:id': {
    probe: (x) => x.put(`/api/admin/classes/${BAD_ID}`, {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.put(`/api/admin/classes/${a.classId}`, { className: 'Inntrenger' }), status: 404 }],
  },
  'DELETE /api/admin/classes/:id': {
    probe: (x) => x.delete(`/api/admin/classes/${BAD_ID}`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.delete(`/api/admin/classes/${a.classId}`), status: 404 }],
  },

  'GET /api/plattformadministrator/schools': {
    probe: (x) => x.get('/api/plattformadministrator/schools'),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  'POST /api/plattformadministrator/schools': {
    probe: (x) => x.post('/api/plattformadministrator/schools', {}),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'PUT /api/plattformadministrator/schools/:id': {
    probe: (x) => x.put(`/api/plattformadministrator/schools/${BAD_ID}`, {}),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'PUT /api/plattformadministrator/schools/:id/retention': {
    probe: (x) => x.put(`/api/plattformadministrator/schools/${BAD_ID}/retention`, { months: 3 }),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'DELETE /api/plattformadministrator/schools/:id': {
    probe: (x) => x.delete(`/api/plattformadministrator/schools/${BAD_ID}`),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'GET /api/plattformadministrator/users': {
    probe: (x) => x.get('/api/plattformadministrator/users'),
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  'POST /api/plattformadministrator/users': {
    probe: (x) => x.post('/api/plattformadministrator/users', {}),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'PUT /api/plattformadministrator/users/:id/role': {
    probe: (x) => x.put(`/api/plattformadministrator/users/${BAD_ID}/role`, {}),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'PUT /api/plattformadministrator/users/:id/status': {
    probe: (x) => x.put(`/api/plattformadministrator/users/${BAD_ID}/status`, {}),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'PUT /api/plattformadministrator/users/:id/transfer': {
    probe: (x) => x.put(`/api/plattformadministrator/users/${BAD_ID}/transfer`, {}),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'DELETE /api/plattformadministrator/users/:id': {
    probe: (x) => x.delete(`/api/plattformadministrator/users/${BAD_ID}`),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },
  'GET /api/plattformadministrator/audit': {
    probe: (x) => x.get('/api/plattformadministrator/audit?limit=0'),
    expect: [401, 403, 403, 403, 403, 403, 400],
  },

  'GET /api/tasks-config/:schoolId': {
    probe: (x) => x.get(`/api/tasks-config/${fx.a.id}`),
    expect: ANY_SIGNED_IN_OK(200),
    otherSchool: [
      { as: 'adminB', call: (x) => x.get(`/api/tasks-config/${fx.a.id}`), status: 403 },
      { as: 'supervisorB', call: (x) => x.get(`/api/tasks-config/${fx.a.id}`), status: 403 },
    ],
  },
  'PUT /api/tasks-config/:schoolId': {
    probe: (x) => x.put(`/api/tasks-config/${fx.a.id}`, {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [
      {
        as: 'adminB',
        call: (x) =>
          x.put(`/api/tasks-config/${fx.a.id}`, {
            buttons: ['1', '2', '3', '4', '5', '6'].map((id) => ({ id, label: 'Inntrenger' })),
            baseVersion: 0,
          }),
        status: 403,
      },
    ],
  },
  'GET /api/reports/my': { probe: (x) => x.get('/api/reports/my?date=igår'), expect: [401, 403, 403, 400, 403, 403, 403] },
  'PUT /api/reports/my': { probe: (x) => x.put('/api/reports/my', {}), expect: [401, 403, 403, 400, 403, 403, 403] },
  'PUT /api/reports/my/tasks/:taskId': {
    probe: (x) => x.put('/api/reports/my/tasks/7', {}),
    expect: [401, 403, 403, 400, 403, 403, 403],
    otherSchool: [
      { as: 'supervisorB', call: (x) => x.put(`/api/reports/my/tasks/1?schoolId=${fx.a.id}`, { date: DAY, done: true }), status: 403 },
    ],
  },
  'GET /api/reports/recent7': {
    probe: (x) => x.get('/api/reports/recent7'),
    expect: [401, 403, 403, 200, 200, 200, 400],
    otherSchool: [{ as: 'supervisorB', call: (x) => x.get(`/api/reports/recent7?schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/task-rounds': {
    probe: (x) => x.get('/api/task-rounds'),
    expect: [401, 403, 403, 200, 200, 200, 400],
    otherSchool: [{ as: 'caretakerB', call: (x) => x.get(`/api/task-rounds?schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/reports/:id': {
    probe: (x) => x.get(`/api/reports/${BAD_ID}`),
    expect: ANY_SIGNED_IN_OK(400),
    otherSchool: [
      { as: 'supervisorB', call: (x) => x.get(`/api/reports/${a.reportId}`), status: 404 },
      { as: 'adminB', call: (x) => x.get(`/api/reports/${a.reportId}`), status: 404 },
    ],
  },
  'GET /api/reports/:id/versions': {
    probe: (x) => x.get(`/api/reports/${BAD_ID}/versions`),
    expect: [401, 403, 403, 400, 403, 400, 400],
    otherSchool: [
      { as: 'supervisorB', call: (x) => x.get(`/api/reports/${a.reportId}/versions`), status: 404 },
      { as: 'adminB', call: (x) => x.get(`/api/reports/${a.reportId}/versions`), status: 404 },
    ],
  },
  'GET /api/reports/:id/versions/:version': {
    probe: (x) => x.get(`/api/reports/${BAD_ID}/versions/1`),
    expect: [401, 403, 403, 400, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/reports/${a.reportId}/versions/1`), status: 404 }],
  },
  'PUT /api/reports/:id': {
    probe: (x) => x.put(`/api/reports/${BAD_ID}`, { content: 'x', baseVersion: 0 }),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [
      { as: 'adminB', call: (x) => x.put(`/api/reports/${a.reportId}`, { content: 'Inntrenger', baseVersion: 0 }), status: 404 },
    ],
  },
  'DELETE /api/reports/:id': {
    probe: (x) => x.delete(`/api/reports/${BAD_ID}`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.delete(`/api/reports/${a.reportId}`), status: 404 }],
  },
  'GET /api/admin/reports/week': {
    probe: (x) => x.get('/api/admin/reports/week'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/reports/week?start=${DAY}&end=${DAY}&schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/admin/reports/year': {
    probe: (x) => x.get('/api/admin/reports/year'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/reports/year?from=${DAY}&to=${DAY}&schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/admin/reports/year-summary': {
    probe: (x) => x.get('/api/admin/reports/year-summary'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/reports/year-summary?year=2026&schoolId=${fx.a.id}`), status: 403 }],
  },
  ...Object.fromEntries(
    ['xlsx', 'pdf', 'csv'].map((format) => [
      `GET /api/reports/export.${format}`,
      {
        probe: (x: ApiClient) => x.get(`/api/reports/export.${format}`),
        expect: [401, 403, 403, 403, 403, 400, 400],
        otherSchool: [
          {
            as: 'adminB',
            call: (x: ApiClient) => x.get(`/api/reports/export.${format}?from=${DAY}&to=${DAY}&schoolId=${fx.a.id}`),
            status: 403,
          },
        ],
      } satisfies Row,
    ]),
  ),

  'GET /api/sick': {
    probe: (x) => x.get('/api/sick?date=igår'),
    expect: ANY_SIGNED_IN_OK(400),
    otherSchool: [{ as: 'supervisorB', call: (x) => x.get(`/api/sick?date=${DAY}&schoolId=${fx.a.id}`), status: 403 }],
  },
  'POST /api/sick/add': {
    probe: (x) => x.post('/api/sick/add', {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [
      { as: 'adminB', call: (x) => x.post(`/api/sick/add?schoolId=${fx.a.id}`, { date: DAY, name: 'Inntrenger' }), status: 403 },
    ],
  },
  'PUT /api/sick': {
    probe: (x) => x.put('/api/sick', {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.put(`/api/sick?schoolId=${fx.a.id}`, { date: DAY, students: [] }), status: 403 }],
  },
  'GET /api/away': {
    probe: (x) => x.get('/api/away'),
    expect: ANY_SIGNED_IN_OK(400),
    otherSchool: [{ as: 'caretakerB', call: (x) => x.get(`/api/away?activeOn=${DAY}&schoolId=${fx.a.id}`), status: 403 }],
  },
  'POST /api/away/add': {
    probe: (x) => x.post('/api/away/add', {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [
      {
        as: 'adminB',
        call: (x) => x.post(`/api/away/add?schoolId=${fx.a.id}`, { fromDate: DAY, toDate: DAY, studentName: 'Inntrenger' }),
        status: 403,
      },
    ],
  },
  'DELETE /api/away/student/:name': {
    probe: (x) => x.delete('/api/away/student/%20'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.delete(`/api/away/student/Per?schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/away/classes': {
    probe: (x) => x.get('/api/away/classes'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/away/classes?activeOn=${DAY}&schoolId=${fx.a.id}`), status: 403 }],
  },
  'POST /api/away/classes': {
    probe: (x) => x.post('/api/away/classes', {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [
      { as: 'adminB', call: (x) => x.post('/api/away/classes', { fromDate: DAY, toDate: DAY, classIds: [a.classId] }), status: 400 },
    ],
  },
  'DELETE /api/away/class/:classId': {
    probe: (x) => x.delete(`/api/away/class/${BAD_ID}`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.delete(`/api/away/class/${a.classId}`), status: 404 }],
  },
  'GET /api/away/all': {
    probe: (x) => x.get('/api/away/all?schoolId=x'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/away/all?schoolId=${fx.a.id}`), status: 403 }],
  },
  'DELETE /api/away/entry/:id': {
    probe: (x) => x.delete(`/api/away/entry/${BAD_ID}`),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.delete(`/api/away/entry/${a.tripId}`), status: 404 }],
  },
  'PUT /api/away/trip/:id': {
    probe: (x) => x.put(`/api/away/trip/${BAD_ID}`, {}),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [
      {
        as: 'adminB',
        call: (x) =>
          x.put(`/api/away/trip/${a.tripId}`, { fromDate: DAY, toDate: DAY, studentNames: ['Inntrenger'], classIds: [], baseVersion: 0 }),
        status: 404,
      },
    ],
  },

  'POST /api/maintenance-tasks/submit': {
    probe: (x) => x.post('/api/maintenance-tasks/submit', {}),
    expect: [401, 403, 403, 400, 403, 403, 403],
  },
  'POST /api/maintenance-tasks': {
    probe: (x) => x.post('/api/maintenance-tasks', {}),
    expect: [401, 403, 403, 403, 400, 400, 400],
    otherSchool: [
      {
        as: 'caretakerB',
        call: (x) => x.post(`/api/maintenance-tasks?schoolId=${fx.a.id}`, { roomNumber: '1', description: 'Inntrenger' }),
        status: 403,
      },
    ],
  },
  'GET /api/maintenance-tasks': {
    probe: (x) => x.get('/api/maintenance-tasks?status=alle'),
    expect: [401, 403, 403, 403, 400, 400, 400],
    otherSchool: [{ as: 'caretakerB', call: (x) => x.get(`/api/maintenance-tasks?schoolId=${fx.a.id}`), status: 403 }],
  },
  'PUT /api/maintenance-tasks/:id/complete': {
    probe: (x) => x.put(`/api/maintenance-tasks/${BAD_ID}/complete`),
    expect: [401, 403, 403, 403, 400, 400, 400],
    otherSchool: [{ as: 'caretakerB', call: (x) => x.put(`/api/maintenance-tasks/${a.taskId}/complete`), status: 404 }],
  },
  'PUT /api/maintenance-tasks/:id/reject': {
    probe: (x) => x.put(`/api/maintenance-tasks/${BAD_ID}/reject`),
    expect: [401, 403, 403, 403, 400, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.put(`/api/maintenance-tasks/${a.taskId}/reject`), status: 404 }],
  },
  // 'Mine saker' (issue 44): the caller's own sent cases; no school is named, so none can be aimed at.
  'GET /api/account/cases': {
    probe: (x) => x.get('/api/account/cases'),
    expect: [401, 403, 403, 200, 403, 403, 403],
  },
  'PUT /api/maintenance-tasks/:id/reopen': {
    probe: (x) => x.put(`/api/maintenance-tasks/${BAD_ID}/reopen`),
    expect: [401, 403, 403, 403, 400, 400, 400],
    otherSchool: [{ as: 'caretakerB', call: (x) => x.put(`/api/maintenance-tasks/${a.taskId}/reopen`), status: 404 }],
  },
  'DELETE /api/maintenance-tasks/:id': {
    probe: (x) => x.delete(`/api/maintenance-tasks/${BAD_ID}`),
    expect: [401, 403, 403, 403, 400, 400, 400],
    otherSchool: [{ as: 'caretakerB', call: (x) => x.delete(`/api/maintenance-tasks/${a.taskId}`), status: 404 }],
  },
  'GET /api/admin/audit': {
    probe: (x) => x.get('/api/admin/audit?limit=0'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/audit?schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/admin/audit/actors': {
    probe: (x) => x.get('/api/admin/audit/actors?schoolId=x'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/audit/actors?schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/admin/students/:name': {
    probe: (x) => x.get('/api/admin/students/...'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/students/Ola?schoolId=${fx.a.id}`), status: 403 }],
  },
  'GET /api/admin/students/:name/pdf': {
    probe: (x) => x.get('/api/admin/students/.../pdf'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.get(`/api/admin/students/Ola%20Nordmann/pdf?schoolId=${fx.a.id}`), status: 403 }],
  },
  'POST /api/admin/students/downloads': {
    probe: (x) => x.post('/api/admin/students/downloads', {}),
    expect: [401, 403, 403, 403, 403, 200, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.post(`/api/admin/students/downloads?schoolId=${fx.a.id}`, {}), status: 403 }],
  },
  'DELETE /api/admin/students/:name': {
    probe: (x) => x.delete('/api/admin/students/...'),
    expect: [401, 403, 403, 403, 403, 400, 400],
    otherSchool: [{ as: 'adminB', call: (x) => x.delete(`/api/admin/students/Ola?schoolId=${fx.a.id}`), status: 403 }],
  },
  // Signing out changes nothing but the caller's own session; it runs last.
  'POST /api/auth/logout': { probe: (x) => x.post('/api/auth/logout'), expect: [200, 200, 200, 200, 200, 200, 200] },
};

useSeededServer(
  async (started) => {
    ({ server, fx } = started);
    c = {
      ...started.c,
      supervisorB: await signedIn(server.baseUrl, fx.b.supervisor),
      caretakerB: await signedIn(server.baseUrl, fx.b.caretaker),
    };
  },
  {},
  { clock },
);
beforeAll(async () => {
  Object.assign(a, await seedSchoolAData(fx, DAY));
});

describe('the permission matrix', () => {
  it('has a row for every route the app has, and none for a route it does not', async () => {
    const routes = (await apiRoutes(server.baseUrl)).map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(routes);
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(route, async () => {
      const got: number[] = [];
      for (const who of WHO) {
        const res = await row.probe(c[who]);
        got.push(res.status);
        // Every refusal carries a Norwegian message and a code the client can decide on.
        if (res.status >= 400) expect(errorResponseSchema.safeParse(res.body).success, `${who}: ${JSON.stringify(res.body)}`).toBe(true);
      }
      expect(got, `${WHO.join(', ')}`).toEqual([...row.expect]);
      if (!row.otherSchool) return;
      const before = await schoolASnapshot(fx);
      for (const other of row.otherSchool) {
        const res = await other.call(c[other.as]);
        expect(res.status, `${other.as} on school A: ${JSON.stringify(res.body)}`).toBe(other.status);
      }
      expect(await schoolASnapshot(fx)).toBe(before);
    });
  }
});
