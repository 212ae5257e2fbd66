import { addDays, reportDay } from '#protocol/time';
import { prepareSchoolDatabase } from '../../server/src/db/schoolDatabase';
import { Trip } from '../../server/src/features/away/model';
import { ClassModel } from '../../server/src/features/classes/model';
import { MaintenanceTaskModel } from '../../server/src/features/maintenance/model';
import { ReportModel } from '../../server/src/features/reports/model';
import { SickRecord } from '../../server/src/features/sick/model';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';

const DAYS = 365;
const USERS_PER_SCHOOL = 12;

/**
 * A year of another school's life: its users and classes, a report a day, a sick list most days,
 * cases and trips. About 700 documents a school; 100 schools make the 67,000 of the issue.
 */
async function seedOtherSchool(index: number, passwordHash: string): Promise<number> {
  const name = `Annen skole ${index}`;
  const school = await School.create({ name, nameKey: schoolNameKey(name), active: true });
  const schoolId = school._id;
  await prepareSchoolDatabase(schoolId);
  const users = await UserModel.insertMany(
    Array.from({ length: USERS_PER_SCHOOL }, (_, i) => ({
      name: `Ansatt ${i}`,
      email: `ansatt${i}@skole${index}.no`,
      passwordHash,
      role: i === 0 ? 'Admin' : i === 1 ? 'Vaktmester' : 'Tilsynsvakt',
      status: 'approved',
      schoolId,
    })),
  );
  const author = users[2]!;
  const today = reportDay(new Date());
  const days = Array.from({ length: DAYS }, (_, i) => addDays(today, -i));
  const classes = await ClassModel.of(schoolId).insertMany(
    Array.from({ length: 8 }, (_, i) => ({ schoolId, className: `${i + 1}A`, nameKey: `${i + 1}a` })),
  );
  await ReportModel.of(schoolId).insertMany(
    days.map((date) => ({
      schoolId,
      authorUserId: author._id,
      authorName: author.name,
      date,
      content: 'Rolig kveld. Alle på rommene kl. 23.',
      taskTicks: [{ taskId: '1', at: new Date() }],
    })),
  );
  await SickRecord.of(schoolId).insertMany(
    days.filter((_, i) => i % 4 !== 0).map((date) => ({ schoolId, date, students: [{ name: 'Ola', comment: 'Feber' }] })),
  );
  await MaintenanceTaskModel.of(schoolId).insertMany(
    Array.from({ length: 40 }, (_, i) => ({
      schoolId,
      roomNumber: String(100 + i),
      description: 'Lekker kran',
      status: i % 4 === 0 ? 'pending' : 'completed',
      createdByUserId: author._id,
      createdByName: author.name,
    })),
  );
  await Trip.of(schoolId).insertMany(
    Array.from({ length: 12 }, (_, i) => ({
      schoolId,
      fromDate: addDays(today, -30 * i),
      toDate: addDays(today, -30 * i + 3),
      studentNames: ['Per', 'Pål'],
      classIds: [classes[i % classes.length]!._id],
    })),
  );
  return USERS_PER_SCHOOL + classes.length + DAYS + Math.ceil((DAYS * 3) / 4) + 40 + 12;
}

/** Writes `count` other schools with a year of data each into the same database; returns the documents written. */
export async function seedOtherSchools(count: number, passwordHash: string): Promise<number> {
  let documents = 0;
  for (let i = 0; i < count; i++) documents += await seedOtherSchool(i, passwordHash);
  return documents;
}
