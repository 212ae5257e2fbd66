import { messageSchema, studentDataSchema, studentErasureSchema, type Message, type StudentData, type StudentErasure } from '#protocol';
import { request, withSchool } from '../../api/http';

/** Everything the school stores about one student name (GDPR); '' for an Admin's own school. */
const studentPath = (name: string, scope: string) => withSchool(`/api/admin/students/${encodeURIComponent(name)}`, scope || null);

export function fetchStudentData(name: string, scope: string): Promise<StudentData> {
  return request('GET', studentPath(name, scope), studentDataSchema);
}

export function eraseStudentData(name: string, scope: string): Promise<StudentErasure> {
  return request('DELETE', studentPath(name, scope), studentErasureSchema);
}

/** Records in the audit trail that what was looked up was downloaded. */
export function recordStudentDownload(scope: string): Promise<Message> {
  return request('POST', withSchool('/api/admin/students/downloads', scope || null), messageSchema, {});
}
