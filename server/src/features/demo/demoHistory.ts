import { randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { osloDay } from '#protocol/time';
import { createMaintenanceTaskBodySchema } from '#protocol/maintenance';
import { saveMyReportBodySchema, tickTaskBodySchema, updateReportBodySchema } from '#protocol/reports';
import { addAwayClassesBodySchema, addAwayStudentBodySchema } from '#protocol/away';
import { addSickBodySchema } from '#protocol/sick';
import { tasksConfigBodySchema } from '#protocol/taskButtons';
import { SUPERVISOR_ROLE } from '#protocol/roles';
import type { Clock } from '../../clock';
import { storedOnClock } from '../../appClock';
import type { Realtime } from '../../realtime/realtime';
import type { PushNotifier } from '../push/notifier';
import { hashPassword } from '../../core/accounts/passwords';
import { UserModel, type UserRecord } from '../../core/accounts/userModel';
import { ClassModel } from '../classes/model';
import { approveUser } from '../users/adminActions';
import { addToTrip, deleteTrip } from '../away/tripService';
import { Trip } from '../away/model';
import { addSick } from '../sick/service';
import { SickRecord } from '../sick/model';
import { getTasksConfig, saveTaskButtons } from '../taskButtons/service';
import { getReport, saveMyReport, updateReportContent } from '../reports/service';
import { recordRounds } from './demoRounds';
import { ReportModel, reportIdFor } from '../reports/model';
import { keepVersion } from '../reports/versions';
import { createTask, resolveTask } from '../maintenance/service';
import { MaintenanceTaskModel } from '../maintenance/model';
import { DEMO_COLLEAGUES, DEMO_DEVICES, OFFICE_DEVICE } from './demoPeople';
import { DEMO_CASES } from './demoTexts';
import { demoPlan, type DemoEvent } from './demoPlan';

/** What the history is written through: the running app's live events, notifications and clock. */
export type DemoApp = { realtime: Realtime; push: PushNotifier; clock: Clock };

/** The demo's own people and classes as the app knows them, and the ids of the trips and cases made so far. */
type Cast = {
  admin: UserRecord;
  caretaker: UserRecord;
  crew: UserRecord[];
  classIds: Map<string, string>;
  tripIds: Map<string, string>;
  caseIds: Map<number, string>;
};

/**
 * Writes the demo school's weeks of history (demoPlan.ts) through the app's own services, each
 * step stamped with the time it happened, unless the school holds any reports, cases, trips or sick
 * lists already (so a second start adds nothing, and a demo made before the history gets it once).
 * Skipped when a demo login was taken by another account (the people it needs are not the school's).
 */
export async function writeDemoHistory(schoolId: Types.ObjectId, app: DemoApp): Promise<boolean> {
  if (await hasHistory(schoolId)) return false;
  const now = app.clock.now();
  const plan = demoPlan(now);
  let current = plan[0]?.at ?? now;
  return storedOnClock({ now: () => current }, async () => {
    const cast = await castOf(schoolId);
    if (!cast) return false;
    for (const event of plan) {
      current = event.at;
      await happen(schoolId, cast, event, app);
    }
    return true;
  });
}

async function hasHistory(schoolId: Types.ObjectId): Promise<boolean> {
  const any = await Promise.all([ReportModel, MaintenanceTaskModel, Trip, SickRecord].map((model) => model.of(schoolId).exists({})));
  return any.some(Boolean);
}

async function castOf(schoolId: Types.ObjectId): Promise<Cast | null> {
  const inSchool = (email: string) => UserModel.findOne({ email, schoolId }).lean<UserRecord>();
  const [admin, caretaker, supervisor] = await Promise.all([
    inSchool('admin@demo.no'),
    inSchool('vaktmester@demo.no'),
    inSchool('tilsyn@demo.no'),
  ]);
  if (admin?.role !== 'Admin' || caretaker?.role !== 'Vaktmester' || supervisor?.role !== SUPERVISOR_ROLE) return null;
  const colleagues: UserRecord[] = [];
  // One random password for the three (hashing is most of an account's cost); nobody ever sees it.
  let passwordHash: Promise<string> | undefined;
  for (const colleague of DEMO_COLLEAGUES) {
    // Registered, waiting for the Admin's approval (the plan's first steps); a password nobody knows.
    const made = (await UserModel.exists({ email: colleague.email }))
      ? null
      : await UserModel.create({
          ...colleague,
          passwordHash: await (passwordHash ??= hashPassword(randomBytes(24).toString('base64url'))),
          role: SUPERVISOR_ROLE,
          status: 'pending',
          schoolId,
        });
    const user = made ? (made.toObject() as UserRecord) : await inSchool(colleague.email);
    if (user?.role !== SUPERVISOR_ROLE) return null;
    colleagues.push(user);
  }
  const classes = await ClassModel.of(schoolId).find({ schoolId }).lean();
  return {
    admin,
    caretaker,
    crew: [supervisor, ...colleagues],
    classIds: new Map(classes.map((c) => [c.className, c._id.toHexString()])),
    tripIds: new Map(),
    caseIds: new Map(),
  };
}

async function happen(schoolId: Types.ObjectId, cast: Cast, event: DemoEvent, { realtime, push }: DemoApp): Promise<void> {
  const at = event.at;
  switch (event.kind) {
    case 'approve': {
      const colleague = cast.crew[event.colleague + 1]!;
      if (colleague.status === 'pending') await approveUser(cast.admin, schoolId, colleague._id.toHexString(), realtime);
      return;
    }
    case 'trip': {
      const range = { fromDate: event.fromDate, toDate: event.toDate };
      const classIds = event.classNames.flatMap((name) => cast.classIds.get(name) ?? []);
      const trip = event.studentNames.length
        ? await addToTrip(
            schoolId,
            range,
            { studentNames: addAwayStudentBodySchema.parse({ ...range, studentNames: event.studentNames }).studentNames },
            realtime,
          )
        : classIds.length
          ? await addToTrip(schoolId, range, { classIds: addAwayClassesBodySchema.parse({ ...range, classIds }).classIds }, realtime)
          : null;
      if (trip) cast.tripIds.set(`${range.fromDate}/${range.toDate}`, trip.id);
      return;
    }
    case 'removeTrip': {
      const id = cast.tripIds.get(`${event.fromDate}/${event.toDate}`);
      if (id) await deleteTrip(cast.admin, schoolId, id, osloDay(at), realtime);
      return;
    }
    case 'sick': {
      const { date, name, comment } = addSickBodySchema.parse({ date: event.date, name: event.name, comment: event.comment });
      await addSick(cast.admin, schoolId, date, { name, comment }, realtime);
      return;
    }
    case 'rounds': {
      const ticks = event.ticks.map((tick) => ({ ...tick, ...tickTaskBodySchema.pick({ tickId: true }).parse({ tickId: tick.tickId }) }));
      await recordRounds(schoolId, cast.crew[event.by]!, event.date, ticks);
      return;
    }
    case 'save': {
      const author = cast.crew[event.by]!;
      const saved = await saveMyReport(
        schoolId,
        author,
        saveMyReportBodySchema.parse({ date: event.date, content: event.content }),
        undefined,
        at,
        realtime,
      );
      await keepVersion(schoolId, saved, { user: author, device: DEMO_DEVICES[event.by % DEMO_DEVICES.length]! }, at);
      return;
    }
    case 'rename': {
      const config = await getTasksConfig(schoolId);
      const buttons = config.buttons.map((button) => (button.id === event.taskId ? { ...button, label: event.label } : button));
      await saveTaskButtons(cast.admin, schoolId, tasksConfigBodySchema.parse({ buttons }).buttons, config.version, realtime);
      return;
    }
    case 'correct': {
      const id = reportIdFor(schoolId, cast.crew[event.by]!._id, event.date).toHexString();
      const report = await getReport(schoolId, id, at);
      const { content } = updateReportBodySchema.parse({ content: `${report.content}\n${event.addition}` });
      const saved = await updateReportContent(cast.admin, schoolId, id, content, report.version, at, realtime);
      await keepVersion(schoolId, saved, { user: cast.admin, device: OFFICE_DEVICE }, at);
      return;
    }
    case 'case': {
      const sender = event.by === 'office' ? cast.admin : cast.crew[event.by]!;
      const made = await createTask(schoolId, sender, createMaintenanceTaskBodySchema.parse(DEMO_CASES[event.index]), realtime, push);
      cast.caseIds.set(event.index, made.id);
      return;
    }
    case 'resolve': {
      const id = cast.caseIds.get(event.index);
      if (id) await resolveTask(schoolId, id, event.outcome, cast.caretaker, at, realtime, push, event.reason);
      return;
    }
  }
}
