import { Types } from 'mongoose';
import type { Report } from '#protocol/reports';
import { REPORT_VERSION_TEXTS, type ReportVersion, type ReportVersions, type ReportVersionSummary } from '#protocol/reportVersions';
import { REPORT_TEXTS } from '#protocol/reports';
import { SUPERVISOR_ROLE } from '#protocol/roles';
import { forbidden, notFound } from '../../httpError';
import type { UserRecord } from '../../core/accounts/userModel';
import { ReportModel } from './model';
import { ReportVersionModel, reportVersionIdFor, type ReportVersionDoc } from './versionModel';

/** Who saved a text, and on which device. */
export interface SavedBy {
  user: Pick<UserRecord, '_id' | 'name'>;
  device: string;
}

/**
 * Keeps the text a save answered with as its version. Kept once however often it is asked for
 * (the same version again, a save that changed nothing); a report saved before versions were kept
 * has its earlier texts only from then on.
 */
export async function keepVersion(schoolId: Types.ObjectId, report: Report, by: SavedBy, at: Date): Promise<void> {
  if (report.version < 1) return;
  const reportId = new Types.ObjectId(report.id);
  const _id = reportVersionIdFor(reportId, report.version);
  const fields = {
    schoolId,
    reportId,
    version: report.version,
    content: report.content,
    savedAt: at,
    savedByUserId: by.user._id,
    savedByName: by.user.name,
    device: by.device,
  };
  const Versions = ReportVersionModel.of(schoolId);
  const before = await Versions.findOneAndUpdate({ _id }, { $setOnInsert: fields }, { upsert: true, new: false }).lean<ReportVersionDoc>();
  // A version left behind by a report deleted and written anew (numbered from 1 again) is not this one.
  if (before && before.content !== report.content) await Versions.replaceOne({ _id }, fields);
}

/** The report's versions go with it. */
export async function deleteVersions(schoolId: Types.ObjectId, reportId: Types.ObjectId): Promise<void> {
  await ReportVersionModel.of(schoolId).deleteMany({ reportId });
}

/** The report, if the caller may read its versions: its writer, or the school's administrators. */
async function readableReport(schoolId: Types.ObjectId, user: UserRecord, id: string): Promise<Types.ObjectId> {
  const report = await ReportModel.of(schoolId).findOne({ _id: id, schoolId }, { authorUserId: 1 }).lean();
  if (!report) throw notFound(REPORT_TEXTS.notFound);
  if (user.role === SUPERVISOR_ROLE && !report.authorUserId.equals(user._id)) throw forbidden(REPORT_VERSION_TEXTS.notYours);
  return report._id;
}

function summary(doc: ReportVersionDoc): ReportVersionSummary {
  return {
    version: doc.version,
    savedAt: doc.savedAt.toISOString(),
    savedByName: doc.savedByName,
    device: doc.device,
    length: (doc.content ?? '').length,
  };
}

export async function listVersions(schoolId: Types.ObjectId, user: UserRecord, id: string): Promise<ReportVersions> {
  const reportId = await readableReport(schoolId, user, id);
  const docs = await ReportVersionModel.of(schoolId).find({ reportId }).lean<ReportVersionDoc[]>();
  return { reportId: reportId.toHexString(), versions: docs.sort((a, b) => b.version - a.version).map(summary) };
}

export async function readVersion(schoolId: Types.ObjectId, user: UserRecord, id: string, version: number): Promise<ReportVersion> {
  const reportId = await readableReport(schoolId, user, id);
  const doc = await ReportVersionModel.of(schoolId).findById(reportVersionIdFor(reportId, version)).lean<ReportVersionDoc>();
  if (!doc) throw notFound(REPORT_VERSION_TEXTS.notFound);
  return { ...summary(doc), reportId: reportId.toHexString(), content: doc.content ?? '' };
}
