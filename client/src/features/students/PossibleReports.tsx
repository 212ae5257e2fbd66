import { formatDayNo, type StudentData } from '#protocol';

/**
 * Reports that name the first name alone (issue 45): the office reads each and ticks those about
 * this student, which then go into the PDF and the JSON; the others stay out. Nothing is counted
 * as the student's without a person deciding.
 */
export function PossibleReports({
  data,
  chosen,
  onToggle,
}: {
  data: StudentData;
  chosen: ReadonlySet<string>;
  onToggle(id: string): void;
}) {
  if (!data.firstName) return null;
  const shared =
    data.othersWithFirstName > 0
      ? ` Skolen har lagret ${data.othersWithFirstName} ${data.othersWithFirstName === 1 ? 'annen elev' : 'andre elever'} med fornavnet ${data.firstName}.`
      : '';
  return (
    <section className="student-data-part student-possible" aria-labelledby="student-possible-title" data-testid="student-possible">
      <h3 id="student-possible-title" className="student-data-title">
        Mulige treff: rapporter der bare fornavnet {data.firstName} står ({data.possibleReports.length})
      </h3>
      {data.possibleReports.length === 0 ? (
        <p className="muted">Ingen</p>
      ) : (
        <>
          <p className="muted" data-testid="student-possible-note">
            Les rapportene og kryss av for dem som gjelder denne eleven. Bare de avkryssede kommer med i nedlastingene.{shared}
          </p>
          <ul className="plain-list student-possible-list">
            {data.possibleReports.map((report) => (
              <li key={report.id}>
                <label className="student-possible-item">
                  <input
                    type="checkbox"
                    checked={chosen.has(report.id)}
                    onChange={() => onToggle(report.id)}
                    data-testid={`student-possible-${report.date}`}
                  />
                  <span>
                    <strong>
                      {formatDayNo(report.date)} ({report.authorName}):
                    </strong>{' '}
                    {report.content}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
