import { z } from 'zod';
import { idSchema } from './common';
import { daySchema } from './day';

/**
 * Importing the register from the school's own files (issue 46): the file is uploaded, previewed
 * with a mapping of its columns, and applied. Nothing is written before the Admin applies.
 */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'fullName', 'className', 'house', 'room', 'externalId', 'boarder'] as const;
export type ImportFieldName = (typeof IMPORT_FIELDS)[number];
/** Each field's name on the screen. */
export const IMPORT_FIELD_LABELS: Record<ImportFieldName, string> = {
  firstName: 'Fornavn',
  lastName: 'Etternavn',
  fullName: 'Navn',
  className: 'Klasse',
  house: 'Internat',
  room: 'Rom',
  externalId: 'Elevnummer',
  boarder: 'Internatelev',
};
export const importFieldSchema = z.enum(IMPORT_FIELDS, { error: 'Ukjent felt' });
/** One entry per column of the file: the field it holds, or null for a column not read. */
export const columnMappingSchema = z.array(importFieldSchema.nullable()).max(200);

export const IMPORT_TEXTS = {
  busy: 'Elevregisteret importeres fra en fil akkurat nå. Vent til det er ferdig, og prøv igjen.',
  notFound: 'Fant ikke opplastingen. Last opp filen på nytt.',
  applied: 'Denne filen er allerede importert. Last den opp på nytt for å importere igjen.',
  wrongWidth: 'Kolonnevalget passer ikke med filen. Last opp filen på nytt.',
  notMissing: 'Bare elever som mangler i filen kan registreres som sluttet.',
  leftAtNeeded: 'Velg datoen elevene sluttet.',
} as const;

const textOrBoolean = z.union([z.string(), z.boolean()]).nullable();
const studentValuesSchema = z.object({
  externalId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  className: z.string(),
  house: z.string(),
  room: z.string(),
  boarder: z.boolean(),
});
const textFields = z.array(z.enum(['externalId', 'firstName', 'lastName', 'className', 'house', 'room']));

export const importPreviewSchema = z.object({
  created: z.array(z.object({ line: z.number(), student: studentValuesSchema, formulaLike: textFields })),
  changed: z.array(
    z.object({
      line: z.number(),
      studentId: idSchema,
      student: studentValuesSchema,
      changes: z.array(z.object({ field: z.string(), from: textOrBoolean, to: textOrBoolean })),
      formulaLike: textFields,
    }),
  ),
  unchanged: z.array(z.object({ line: z.number(), studentId: idSchema })),
  missing: z.array(z.object({ id: idSchema, firstName: z.string(), lastName: z.string(), className: z.string() })),
  refused: z.array(z.object({ line: z.number(), reason: z.string(), message: z.string() })),
  unknownClasses: z.array(z.object({ name: z.string(), lines: z.array(z.number()) })),
});
export type ImportPreviewBody = z.infer<typeof importPreviewSchema>;

/** What an upload answers: how the file was read, the automatic mapping, and the preview it gives. */
export const importUploadSchema = z.object({
  importId: idSchema,
  fileName: z.string(),
  format: z.enum(['xlsx', 'csv']),
  encoding: z.enum(['utf-8', 'windows-1252']).nullable(),
  separator: z.enum([';', ',']).nullable(),
  header: z.array(z.string()),
  rowCount: z.number().int(),
  mapping: columnMappingSchema,
  /** Why the mapping cannot be used yet (no name column, a field chosen twice); empty when it can. */
  problems: z.array(z.string()),
  preview: importPreviewSchema.nullable(),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

/** POST /api/admin/register/import?fileName=: the file's bytes as the body. */
export const importUploadQuerySchema = z.object({
  schoolId: idSchema.optional(),
  fileName: z.string().max(255).optional().default(''),
});

/** POST /api/admin/register/import/{id}/preview: the preview with another mapping. */
export const importPreviewBodySchema = z.object({ mapping: columnMappingSchema });

/** POST /api/admin/register/import/{id}/apply */
export const importApplyBodySchema = z.object({
  mapping: columnMappingSchema,
  /** Classes the file names that the school lacks, to be created first (their rows are then imported). */
  createClasses: z.array(z.string().trim().min(1).max(60)).max(200).optional().default([]),
  /** Students of the register the file did not name, chosen as 'Sluttet' on leftAt. */
  leftIds: z.array(idSchema).max(20_000).optional().default([]),
  leftAt: daySchema.optional(),
});

export const importResultSchema = z.object({
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  left: z.number().int(),
  refused: z.number().int(),
  classesCreated: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
