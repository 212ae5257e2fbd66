import type { Fixture } from './fixtures';
import { Trip } from '../src/features/away/model';
import { ClassModel, classNameKey } from '../src/features/classes/model';
import { MaintenanceTaskModel } from '../src/features/maintenance/model';
import { ReportModel } from '../src/features/reports/model';
import { SickRecord } from '../src/features/sick/model';
import { TaskConfig } from '../src/features/taskButtons/model';
import { RegisterStudentModel } from '../src/features/studentRegister/model';

/** One of each of school A's things, for probes that name one (the permission matrix): their ids. */
export async function seedSchoolAData(fx: Fixture, day: string) {
  const school = fx.a.id;
  const classId = (await ClassModel.of(school).create({ schoolId: school, className: '1A', nameKey: classNameKey('1A') })).id as string;
  const reportId = (
    await ReportModel.of(school).create({
      schoolId: school,
      authorUserId: fx.a.supervisor.id,
      authorName: 'Kari A',
      date: day,
      content: 'Rolig',
    })
  ).id as string;
  const tripId = (await Trip.of(school).create({ schoolId: school, fromDate: day, toDate: '2026-03-12', studentNames: ['Per'] }))
    .id as string;
  const taskId = (
    await MaintenanceTaskModel.of(school).create({
      schoolId: school,
      roomNumber: '12',
      description: 'Kran',
      createdByUserId: fx.a.supervisor.id,
      createdByName: 'Kari A',
    })
  ).id as string;
  const registerId = (
    await RegisterStudentModel.of(school).create({
      schoolId: school,
      firstName: 'Per',
      lastName: 'Berg',
      classId,
      house: 'Nord',
      room: '7',
    })
  ).id as string;
  return { classId, reportId, tripId, taskId, pendingId: fx.a.pending.id, registerId };
}

/** School A's data as it stands: probes from another school must leave it exactly so. */
export async function schoolASnapshot(fx: Fixture): Promise<string> {
  const of = { schoolId: fx.a.id };
  const parts = await Promise.all([
    ClassModel.of(fx.a.id).find(of).lean(),
    ReportModel.of(fx.a.id).find(of).lean(),
    Trip.of(fx.a.id).find(of).lean(),
    MaintenanceTaskModel.of(fx.a.id).find(of).lean(),
    SickRecord.of(fx.a.id).find(of).lean(),
    TaskConfig.of(fx.a.id).find(of).lean(),
    RegisterStudentModel.of(fx.a.id).find(of).lean(),
  ]);
  return JSON.stringify(parts);
}
