import type { RegisterStudentDoc } from './model';
import type { ClassNames } from './present';

const LABELS = {
  firstName: 'fornavn',
  lastName: 'etternavn',
  classId: 'klasse',
  house: 'internat',
  room: 'rom',
  boarder: 'internatelev',
  externalId: 'elevnummer',
  contactNote: 'hvem som skal kontaktes',
} as const;

function shown(doc: RegisterStudentDoc, field: keyof typeof LABELS, classNames: ClassNames): string {
  if (field === 'classId') return (doc.classId && classNames.get(doc.classId.toHexString())) || '–';
  if (field === 'boarder') return doc.boarder ? 'ja' : 'nei';
  // Who to call is a parent's number or name: the trail says it changed, not what it says.
  if (field === 'contactNote') return '';
  return doc[field] || '–';
}

/** What an edit changed, for Endringslogg: 'rom: 12 → 14; klasse: 1A → 2A'. */
export function describeChanges(before: RegisterStudentDoc, after: RegisterStudentDoc, classNames: ClassNames): string {
  return (Object.keys(LABELS) as (keyof typeof LABELS)[])
    .filter((field) => String(before[field] ?? '') !== String(after[field] ?? ''))
    .map((field) => {
      const from = shown(before, field, classNames);
      const to = shown(after, field, classNames);
      return from || to ? `${LABELS[field]}: ${from} → ${to}` : `${LABELS[field]} endret`;
    })
    .join('; ');
}
