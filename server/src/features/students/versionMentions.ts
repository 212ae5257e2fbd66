import type { Types } from 'mongoose';
import { ERASED_STUDENT } from '#protocol/students';
import { trusted } from '../../db/trusted';
import { ReportModel } from '../reports/model';
import { ReportVersionModel } from '../reports/versionModel';

/**
 * A report's earlier saved texts (issue 44) outlive the edit that took a name out of its text, so
 * the lookup shows them and the erasure replaces the name in them. The report's current text is
 * left to the person editing it, as in service.ts; only texts no longer current are changed here.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameIn = (name: string) => new RegExp(escapeRegExp(name), 'giu');

async function earlierVersions(schoolId: Types.ObjectId, name: string) {
  const [versions, reports] = await Promise.all([
    ReportVersionModel.of(schoolId).find({ schoolId }, { reportId: 1, version: 1, content: 1, savedByName: 1 }).lean(),
    ReportModel.of(schoolId).find({ schoolId }, { date: 1, version: 1 }).lean(),
  ]);
  const reportById = new Map(reports.map((report) => [report._id.toHexString(), report]));
  return versions.flatMap((version) => {
    const report = reportById.get(version.reportId.toHexString());
    const current = report && version.version >= (report.version ?? 0);
    if (!report || current || !nameIn(name).test(version.content)) return [];
    return [{ ...version, date: report.date }];
  });
}

export async function earlierVersionsMentioning(schoolId: Types.ObjectId, name: string) {
  const versions = await earlierVersions(schoolId, name);
  return versions
    .map((v) => ({ date: v.date, authorName: v.savedByName, version: v.version, content: v.content }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.version - b.version);
}

/** Replaces the name in every earlier text; returns how many texts changed. */
export async function redactEarlierVersions(schoolId: Types.ObjectId, name: string): Promise<number> {
  const versions = await earlierVersions(schoolId, name);
  const Version = ReportVersionModel.of(schoolId);
  for (const version of versions) {
    const content = version.content.replace(nameIn(name), ERASED_STUDENT);
    await Version.updateOne({ _id: trusted({ $eq: version._id }), schoolId }, { $set: { content } });
  }
  return versions.length;
}
