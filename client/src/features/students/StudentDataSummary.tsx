import type { ReactNode } from 'react';
import { AUDIT_ACTIONS, describeRegisterData, formatDayNo, formatTimestampNo, type AuditAction, type StudentData } from '#protocol';

function Part({ title, items, testId }: { title: string; items: ReactNode[]; testId: string }) {
  return (
    <section className="student-data-part" aria-label={title}>
      <h3 className="student-data-title">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="muted">Ingen</p>
      ) : (
        <ul className="plain-list" data-testid={testId}>
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What is stored about the student, part by part, as a parent would be shown it. */
export function StudentDataSummary({ data }: { data: StudentData }) {
  return (
    <>
      <Part title="Elevregisteret" testId="student-register" items={data.register.map(describeRegisterData)} />
      <Part
        title="Syk"
        testId="student-sick"
        items={data.sick.map((day) => `${formatDayNo(day.date)}${day.comment ? `: ${day.comment}` : ''}`)}
      />
      <Part
        title="Opptellinger"
        testId="student-roll-calls"
        items={data.rollCalls.map((roll) => `${formatDayNo(roll.date)}, ${roll.house}: ${roll.state}`)}
      />
      <Part
        title="Reiser"
        testId="student-trips"
        items={data.trips.map((trip) => `${formatDayNo(trip.fromDate)} til ${formatDayNo(trip.toDate)}`)}
      />
      <Part
        title="Rapporter der eleven står som bortreist"
        testId="student-reports-away"
        items={data.reportsListingAway.map((report) => `${formatDayNo(report.date)} (${report.authorName})`)}
      />
      <Part
        title="Rapporter der navnet står i teksten"
        testId="student-reports-text"
        items={data.reportsMentioning.map((report) => `${formatDayNo(report.date)} (${report.authorName}): ${report.content}`)}
      />
      <Part
        title="Tidligere lagrede versjoner av rapporter der navnet står"
        testId="student-report-versions"
        items={data.versionsMentioning.map((v) => `${formatDayNo(v.date)}, versjon ${v.version} (lagret av ${v.authorName}): ${v.content}`)}
      />
      <Part
        title="Endringslogg"
        testId="student-audit"
        items={data.auditEntries.map(
          (entry) => `${formatTimestampNo(entry.at)}: ${AUDIT_ACTIONS[entry.action as AuditAction] ?? entry.action} – ${entry.detail}`,
        )}
      />
    </>
  );
}
