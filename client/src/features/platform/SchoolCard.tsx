import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PlatformSchool } from '#protocol';
import { platformSchoolActions } from '../schools/schoolsStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toastStore';
import { platformFailure } from './platformToasts';
import { SchoolCounts } from './SchoolCounts';

export function SchoolActivePill({ active }: { active: boolean }) {
  return (
    <span className={active ? 'pill pill-success' : 'pill'} data-testid="school-state">
      {active ? 'Aktiv' : 'Inaktiv'}
    </span>
  );
}

/** A school on the dashboard: counts, a link to its users, the active switch and deletion. */
export function SchoolCard({ school }: { school: PlatformSchool }) {
  const switchId = useId();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmingOff, setConfirmingOff] = useState(false);

  async function toggle(active: boolean) {
    setBusy(true);
    try {
      await platformSchoolActions.setActive(school, active);
      toast({ title: 'Skole oppdatert' });
    } catch (error) {
      platformFailure(error, 'Kunne ikke oppdatere skole');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    try {
      await platformSchoolActions.remove(school);
      toast({ title: 'Skole slettet med all data' });
    } catch (error) {
      platformFailure(error, 'Kunne ikke slette skole');
    }
  }

  return (
    <li className="card school-card" data-testid="school-card" data-school-id={school.id}>
      <div className="school-card-head">
        <h3 className="school-name">{school.name}</h3>
        <SchoolActivePill active={school.active} />
      </div>
      <SchoolCounts counts={school.counts} />
      <div className="school-card-actions">
        <Link
          to={`/plattformadministrator/schools/${school.id}`}
          className="button button-secondary button-small"
          data-testid="manage-users"
        >
          Administrer brukere
        </Link>
        <div className="switch-field">
          <ToggleSwitch
            id={switchId}
            checked={school.active}
            disabled={busy}
            // Switching off signs the whole school out: it asks first (issue 45). Switching on does not.
            onCheckedChange={(checked) => (checked ? void toggle(true) : setConfirmingOff(true))}
            testId="school-active-switch"
          />
          <label htmlFor={switchId}>Aktiv</label>
        </div>
        <button
          type="button"
          className="button button-danger-outline button-small"
          onClick={() => setConfirming(true)}
          data-testid="delete-school"
        >
          Slett skole
        </button>
      </div>
      <ConfirmDialog
        open={confirmingOff}
        onOpenChange={setConfirmingOff}
        title="Deaktiver skole"
        description={`Vil du deaktivere ${school.name}? Alle som er logget inn på skolen, logges ut nå, også midt i en vakt, og ingen ved skolen kan logge inn før skolen aktiveres igjen. Ingen data slettes.`}
        confirmLabel="Deaktiver skole"
        onConfirm={() => toggle(false)}
        testId="deactivate-school-dialog"
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Slett skole"
        description={`Er du sikker på at du vil slette skolen ${school.name}? All data for skolen slettes: brukere, klasser, rapporter, syke og bortreiste, reiser og saker til vaktmester. Dette kan ikke angres.`}
        confirmLabel="Slett skole og all data"
        onConfirm={remove}
      />
    </li>
  );
}
