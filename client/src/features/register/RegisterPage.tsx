import { useMemo, useState } from 'react';
import { atSchoolOn, countNoun, formatDayNo, type RegisterStudentRecord } from '#protocol';
import { serverMessage } from '../../api/http';
import { useLoaded } from '../../stores/useLoaded';
import { AdminScreen } from '../../ui/AdminScreen';
import { ListState } from '../../ui/ListState';
import { failureToast, toast } from '../../ui/toastStore';
import { useToday } from '../../ui/useToday';
import { SchoolScoped } from '../schools/SchoolScoped';
import { ImportPanel } from './ImportPanel';
import { LeaveDialog } from './LeaveDialog';
import { LinkOldEntries } from './LinkOldEntries';
import { RegisterFilters } from './RegisterFilters';
import { filterRegister, NO_FILTER } from './registerFilter';
import { registerActions, useRegisterStore } from './registerStore';
import { StudentDialog } from './StudentDialog';
import './register.css';

/** /admin/elever (Admin, Plattformadministrator for a chosen school): the register of the school's students (issue 46). */
export function RegisterPage() {
  return (
    <AdminScreen title="Elevregisteret" testId="register-page">
      <SchoolScoped pickText="Velg en skole for å se elevregisteret.">{({ query }) => <Register scope={query} />}</SchoolScoped>
    </AdminScreen>
  );
}

const place = (s: RegisterStudentRecord) =>
  [s.className, s.house && (s.room ? `${s.house}, rom ${s.room}` : s.house)].filter(Boolean).join(' · ');

function Register({ scope }: { scope: string }) {
  const { loaded, failed, retry } = useLoaded(useRegisterStore, scope);
  const byId = useRegisterStore((state) => state.byId);
  const today = useToday();
  const [filter, setFilter] = useState(NO_FILTER);
  const [editing, setEditing] = useState<RegisterStudentRecord | 'new' | null>(null);
  const [leaving, setLeaving] = useState<RegisterStudentRecord | null>(null);
  const [importing, setImporting] = useState(false);
  const [linking, setLinking] = useState(false);
  const schoolId = scope || null;

  const all = useMemo(() => Object.values(byId), [byId]);
  const shown = useMemo(() => filterRegister(all, filter, today), [all, filter, today]);
  const atSchoolCount = all.filter((s) => atSchoolOn(s, today)).length;

  async function takeBack(student: RegisterStudentRecord) {
    try {
      await registerActions.takeBack(student.id, schoolId);
      toast({ title: `${student.firstName} ${student.lastName} er tilbake i elevregisteret` });
    } catch (error) {
      failureToast('Kunne ikke ta eleven tilbake. Prøv igjen.', serverMessage(error, ''));
    }
  }

  return (
    <>
      <div className="register-actions">
        <button type="button" className="button" onClick={() => setEditing('new')} data-testid="register-add">
          Legg til elev
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setImporting(true)}
          aria-expanded={importing}
          data-testid="register-import-open"
        >
          Importer fra fil
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setLinking(true)}
          aria-expanded={linking}
          data-testid="register-link-open"
        >
          Koble eldre oppføringer
        </button>
      </div>
      {importing && <ImportPanel schoolId={schoolId} onClose={() => setImporting(false)} />}
      {linking && <LinkOldEntries schoolId={schoolId} onClose={() => setLinking(false)} />}

      <RegisterFilters students={all} filter={filter} onChange={setFilter} />
      {!loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster elevregisteret..." onRetry={retry} />
      ) : (
        <>
          <p className="muted" role="status" data-testid="register-count">
            {shown.length === atSchoolCount && !filter.withLeft
              ? countNoun(atSchoolCount, 'elev', 'elever')
              : `Viser ${shown.length} av ${countNoun(atSchoolCount, 'elev', 'elever')}${filter.withLeft ? ' og de som har sluttet' : ''}`}
          </p>
          {shown.length === 0 ? (
            <p className="empty">
              {all.length === 0
                ? 'Ingen elever i registeret ennå. Legg dem til, eller importer en elevliste.'
                : 'Ingen elever passer med søket.'}
            </p>
          ) : (
            <ul className="row-list" data-testid="register-list">
              {shown.map((student) => {
                const name = `${student.firstName} ${student.lastName}`;
                const left = !atSchoolOn(student, today);
                return (
                  <li key={student.id} className="row" data-testid="register-row">
                    <div className="row-main">
                      <span className="row-title">{name}</span>
                      <span className="row-meta">
                        {place(student) || 'Ingen klasse eller rom'}
                        {!student.boarder && ' · Ikke internatelev'}
                      </span>
                      {student.leftAt && (
                        <span className="row-meta register-left">
                          {left ? `Sluttet ${formatDayNo(student.leftAt)}` : `Slutter ${formatDayNo(student.leftAt)}`}
                        </span>
                      )}
                    </div>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={() => setEditing(student)}
                        aria-label={`Endre ${name}`}
                        data-testid="register-edit"
                      >
                        Endre
                      </button>
                      {student.leftAt ? (
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          onClick={() => void takeBack(student)}
                          aria-label={`Ta ${name} tilbake`}
                          data-testid="register-take-back"
                        >
                          Ta tilbake
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          onClick={() => setLeaving(student)}
                          aria-label={`Registrer at ${name} har sluttet`}
                          data-testid="register-leave"
                        >
                          Sluttet
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}

      {editing && (
        <StudentDialog student={editing === 'new' ? null : editing} schoolId={schoolId} scope={scope} onClose={() => setEditing(null)} />
      )}
      {leaving && <LeaveDialog student={leaving} schoolId={schoolId} onClose={() => setLeaving(null)} />}
    </>
  );
}
