import type { Types } from 'mongoose';
import type { Report } from '#protocol/reports';
import type { YearSummary } from '#protocol/reportRanges';
import { TASK_IDS } from '#protocol/taskButtons';
import { addDays, isoWeekOf, isoWeekRange, isoWeeksInYear, osloDay, osloInstant } from '#protocol/time';
import { Trip } from '../away/model';
import { MaintenanceTaskModel } from '../maintenance/model';
import { SickRecord } from '../sick/model';
import { ReportModel, type ReportDoc } from './model';
import { presentReport } from './present';
import { trusted } from '../../db/trusted';
import { compareNorwegian } from '#protocol/collation';
import { compareReportsByDay } from '#protocol/reportOrder';

/** The school's reports of the days from..to inclusive, in the order of the exports (compareReportsByDay). */
export async function reportsInRange(schoolId: Types.ObjectId, from: string, to: string, now: Date): Promise<Report[]> {
  const reports = await ReportModel.of(schoolId)
    .find({ schoolId, date: trusted({ $gte: from, $lte: to }) })
    .lean<ReportDoc[]>();
  return reports.map((r) => presentReport(r, now)).sort(compareReportsByDay);
}

type Tally = { reports: number; roundsByDay: Map<string, Set<string>>; sick: Set<string>; away: Set<string>; cases: number };

/**
 * The year at a glance, ISO week by ISO week: reports written, the share of rounds ticked, students
 * sick and away, cases sent. Computed from the year's documents of one school (a few thousand).
 * With userId, the figures of PER_AUTHOR_FIGURES are that user's alone; the authors stay everyone.
 */
export async function yearSummary(schoolId: Types.ObjectId, year: number, userId?: string): Promise<YearSummary> {
  const weekCount = isoWeeksInYear(year);
  const first = isoWeekRange(year, 1).from;
  const last = isoWeekRange(year, weekCount).to;
  const tallies: Tally[] = Array.from({ length: weekCount }, () => ({
    reports: 0,
    roundsByDay: new Map(),
    sick: new Set(),
    away: new Set(),
    cases: 0,
  }));
  const tallyOf = (day: string): Tally | undefined => {
    const { year: weekYear, week } = isoWeekOf(day);
    return weekYear === year ? tallies[week - 1] : undefined;
  };

  const [reports, sickLists, trips, cases] = await Promise.all([
    ReportModel.of(schoolId)
      .find(
        { schoolId, date: trusted({ $gte: first, $lte: last }) },
        { date: 1, taskTicks: 1, authorUserId: 1, authorName: 1, updatedAt: 1 },
      )
      .lean(),
    SickRecord.of(schoolId)
      .find({ schoolId, date: trusted({ $gte: first, $lte: last }) }, { date: 1, 'students.name': 1 })
      .lean(),
    Trip.of(schoolId)
      .find({ schoolId, fromDate: trusted({ $lte: last }), toDate: trusted({ $gte: first }) }, { fromDate: 1, toDate: 1, studentNames: 1 })
      .lean(),
    MaintenanceTaskModel.of(schoolId)
      .find(
        {
          schoolId,
          createdAt: trusted({ $gte: osloInstant(first, 0, 0), $lt: osloInstant(addDays(last, 1), 0, 0) }),
          ...(userId ? { createdByUserId: userId } : {}),
        },
        { createdAt: 1 },
      )
      .lean(),
  ]);

  const authors = new Map<string, { name: string; at: number }>();
  for (const report of reports) {
    const tally = tallyOf(report.date);
    if (!tally) continue;
    // The name a user last wrote under is the one the filter shows.
    const id = report.authorUserId.toHexString();
    const at = report.updatedAt?.getTime() ?? 0;
    if ((authors.get(id)?.at ?? -1) < at) authors.set(id, { name: report.authorName, at });
    if (userId && id !== userId.toLowerCase()) continue;
    tally.reports += 1;
    const rounds = tally.roundsByDay.get(report.date) ?? new Set<string>();
    for (const tick of report.taskTicks) rounds.add(tick.taskId);
    tally.roundsByDay.set(report.date, rounds);
  }
  for (const list of sickLists) {
    for (const student of list.students) tallyOf(list.date)?.sick.add(student.name);
  }
  for (const trip of trips) {
    for (let week = 1; week <= weekCount; week++) {
      const range = isoWeekRange(year, week);
      if (trip.fromDate > range.to || trip.toDate < range.from) continue;
      for (const name of trip.studentNames) tallies[week - 1]!.away.add(name);
    }
  }
  for (const task of cases) {
    const tally = task.createdAt ? tallyOf(osloDay(task.createdAt)) : undefined;
    if (tally) tally.cases += 1;
  }

  return {
    year,
    weeks: tallies.map((tally, i) => {
      const shares = [...tally.roundsByDay.values()].map((rounds) => rounds.size / TASK_IDS.length);
      return {
        week: i + 1,
        ...isoWeekRange(year, i + 1),
        reports: tally.reports,
        roundsShare: shares.length ? shares.reduce((sum, share) => sum + share, 0) / shares.length : 0,
        sick: tally.sick.size,
        away: tally.away.size,
        cases: tally.cases,
      };
    }),
    authors: [...authors.entries()].map(([id, { name }]) => ({ id, name })).sort((a, b) => compareNorwegian(a.name, b.name)),
  };
}
