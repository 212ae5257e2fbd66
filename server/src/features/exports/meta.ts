import type { Types } from 'mongoose';
import { formatDayNo, formatTimestampNo } from '#protocol/time';
import { TEXTS } from '#protocol/texts';
import { notFound } from '../../httpError';
import { ReportModel } from '../reports/model';
import { School } from '../../core/accounts/schoolModel';
import { UserModel } from '../../core/accounts/userModel';
import type { ExportFilter, ExportMeta } from './rows';
import { rollCallLines } from './rollCallLines';

const USER_NOT_FOUND = 'Fant ikke brukeren';

/** The name an author last wrote under, as the yearly page's filter shows it; else their name now. */
async function authorName(schoolId: Types.ObjectId, userId: string): Promise<string> {
  const latest = await ReportModel.of(schoolId)
    .findOne({ schoolId, authorUserId: userId }, { authorName: 1 })
    .sort({ updatedAt: -1 })
    .lean();
  if (latest) return latest.authorName;
  const user = await UserModel.findOne({ _id: userId, schoolId }, { name: 1 }).lean();
  if (!user) throw notFound(USER_NOT_FOUND);
  return user.name;
}

/** What the export says of itself: the school, the period, the author it is limited to, who made it and when. */
export async function exportMeta(schoolId: Types.ObjectId, filter: ExportFilter, madeBy: string, now: Date): Promise<ExportMeta> {
  const school = await School.findById(schoolId, { name: 1 }).lean();
  if (!school) throw notFound(TEXTS.schoolNotFound);
  return {
    school: school.name,
    period: `${formatDayNo(filter.from)} – ${formatDayNo(filter.to)}`,
    from: filter.from,
    to: filter.to,
    ...(filter.userId ? { author: await authorName(schoolId, filter.userId) } : {}),
    madeBy,
    madeAt: formatTimestampNo(now),
    rollCalls: await rollCallLines(schoolId, filter),
  };
}
