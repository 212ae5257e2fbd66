import type { Types } from 'mongoose';
import { ReportModel } from '../reports/model';
import { SickRecord } from '../sick/model';
import { Trip } from '../away/model';

/**
 * Reports that may be about the student though they name the first name alone ('Ola (syk) fikk
 * te' for Ola Nordmann), issue 45. The rule (docs/decisions.md): the first word of the name, as a
 * whole word in any case; only for a name of two words or more (one word is the full-name search);
 * reports that hold the full name are not repeated. They are offered to the office, never counted
 * as the student's: a shared first name would hand a parent another child's day.
 */

// A hyphen joins names: 'Ola' is not found in 'Per-Ola'.
const LETTER_OR_DIGIT = '[\\p{L}\\p{N}-]';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWord = (word: string) => new RegExp(`(?<!${LETTER_OR_DIGIT})${escapeRegExp(word)}(?!${LETTER_OR_DIGIT})`, 'iu');
const lower = (text: string) => text.toLocaleLowerCase('nb');

/** The first name to look for, or null for a name of one word. */
export function firstNameOf(name: string): string | null {
  const words = name.trim().split(/\s+/u);
  return words.length > 1 ? words[0]! : null;
}

/** Whether the text names the first name as a word of its own ('Ola', 'ola,' but not 'Olav' or 'Per-Ola'). */
export function namesFirstName(text: string, firstName: string): boolean {
  return wholeWord(firstName).test(text);
}

/** Other student names the school has stored (sick lists, trips, away lists) that begin with the same first name. */
export async function othersWithFirstName(schoolId: Types.ObjectId, name: string, firstName: string): Promise<number> {
  const [sick, trips, away] = await Promise.all([
    SickRecord.of(schoolId).distinct('students.name', { schoolId }),
    Trip.of(schoolId).distinct('studentNames', { schoolId }),
    ReportModel.of(schoolId).distinct('awayStudents', { schoolId }),
  ]);
  const names = new Set([...sick, ...trips, ...away].map((stored) => lower(String(stored).trim())));
  names.delete(lower(name.trim()));
  return [...names].filter((stored) => lower(firstNameOf(stored) ?? '') === lower(firstName)).length;
}

/** The reports naming the first name but not the full name, by date. */
export async function reportsNamingFirstName(schoolId: Types.ObjectId, name: string, firstName: string) {
  const reports = await ReportModel.of(schoolId).find({ schoolId }, { date: 1, authorName: 1, content: 1 }).lean();
  const fullName = lower(name);
  return reports
    .filter((report) => !lower(report.content).includes(fullName) && namesFirstName(report.content, firstName))
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((report) => ({ id: report._id.toHexString(), date: report.date, authorName: report.authorName, content: report.content }));
}
