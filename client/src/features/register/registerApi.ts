import {
  importResultSchema,
  importPreviewSchema,
  importUploadSchema,
  linkProposalsSchema,
  linkResultSchema,
  type LinkProposal,
  registerStudentSchema,
  registerStudentsSchema,
  columnMappingSchema,
  type ImportFieldName,
  type ImportResult,
  type ImportUpload,
  type NewRegisterStudent,
  type EditRegisterStudentBody,
  type RegisterStudentRecord,
} from '#protocol';
import { z } from 'zod';
import { getData, request, withSchool } from '../../api/http';

/** The register's calls (issue 46); schoolId is null for an Admin's own school. */
const STUDENTS = '/api/admin/register/students';
const IMPORT = '/api/admin/register/import';
const student = (id: string, action = '') => `${STUDENTS}/${encodeURIComponent(id)}${action}`;

/** The whole register, those who have left too (the screen filters them). */
export function fetchRegister(schoolId: string | null): Promise<RegisterStudentRecord[] | null> {
  return getData(withSchool('/api/admin/register?includeLeft=true', schoolId), registerStudentsSchema);
}

export function addStudent(body: NewRegisterStudent, schoolId: string | null): Promise<RegisterStudentRecord> {
  return request('POST', withSchool(STUDENTS, schoolId), registerStudentSchema, body);
}

export function editStudent(id: string, body: EditRegisterStudentBody, schoolId: string | null): Promise<RegisterStudentRecord> {
  return request('PUT', withSchool(student(id), schoolId), registerStudentSchema, body);
}

export function markLeft(id: string, leftAt: string, schoolId: string | null): Promise<RegisterStudentRecord> {
  return request('POST', withSchool(student(id, '/leave'), schoolId), registerStudentSchema, { leftAt });
}

export function takeBack(id: string, schoolId: string | null): Promise<RegisterStudentRecord> {
  return request('POST', withSchool(student(id, '/return'), schoolId), registerStudentSchema);
}

export function uploadStudentFile(file: File, schoolId: string | null): Promise<ImportUpload> {
  return request('POST', withSchool(`${IMPORT}?fileName=${encodeURIComponent(file.name)}`, schoolId), importUploadSchema, file);
}

const previewAnswerSchema = z.object({
  mapping: columnMappingSchema,
  problems: z.array(z.string()),
  preview: importPreviewSchema.nullable(),
});
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;

export function previewStudentFile(importId: string, mapping: (ImportFieldName | null)[], schoolId: string | null): Promise<PreviewAnswer> {
  return request('POST', withSchool(`${IMPORT}/${encodeURIComponent(importId)}/preview`, schoolId), previewAnswerSchema, { mapping });
}

export function applyStudentFile(
  importId: string,
  choice: { mapping: (ImportFieldName | null)[]; createClasses: string[]; leftIds: string[]; leftAt?: string },
  schoolId: string | null,
): Promise<ImportResult> {
  return request('POST', withSchool(`${IMPORT}/${encodeURIComponent(importId)}/apply`, schoolId), importResultSchema, choice);
}

/** Names on lists from before the register that are exactly one of its students' (issue 46): nothing is written. */
export function fetchLinkProposals(schoolId: string | null): Promise<LinkProposal[]> {
  return request('GET', withSchool('/api/admin/register/links', schoolId), linkProposalsSchema);
}

export function applyLinkProposals(schoolId: string | null): Promise<{ linked: number }> {
  return request('POST', withSchool('/api/admin/register/links', schoolId), linkResultSchema);
}
