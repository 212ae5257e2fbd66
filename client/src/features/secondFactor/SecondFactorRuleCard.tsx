import { useId, useState } from 'react';
import { serverMessage } from '../../api/http';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { failureToast, toast } from '../../ui/toastStore';
import { ruleActions, usePlatformRuleStore, useSchoolRuleStore } from './ruleStores';
import './secondFactor.css';

type CardProps = {
  title: string;
  label: string;
  explanation: string;
  required: boolean | null;
  loaded: boolean;
  failed: boolean;
  retry(): void;
  /** Why the switch cannot be changed here, if it cannot. */
  locked?: string;
  onChange(required: boolean): Promise<void>;
  testId: string;
};

function RuleCard({ title, label, explanation, required, loaded, failed, retry, locked, onChange, testId }: CardProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  async function change(next: boolean) {
    setBusy(true);
    try {
      await onChange(next);
      toast({ title: next ? 'To-trinns innlogging kreves nå' : 'To-trinns innlogging kreves ikke lenger' });
    } catch (error) {
      failureToast('Kunne ikke endre kravet', serverMessage(error, 'Prøv igjen.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card account-section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      <p className="muted" id={`${id}-explanation`}>
        {explanation}
      </p>
      {!loaded || required === null ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster..." onRetry={retry} />
      ) : (
        <div className="rule-row">
          <label htmlFor={`${id}-switch`}>{label}</label>
          <ToggleSwitch
            id={`${id}-switch`}
            checked={required}
            onCheckedChange={(next) => void change(next)}
            disabled={busy || !!locked}
            testId={`${testId}-switch`}
          />
        </div>
      )}
      {locked && <p className="muted">{locked}</p>}
    </section>
  );
}

/** On the Admin menu: 'Krev to-trinns innlogging for administratorer' for the school. */
export function SchoolSecondFactorCard({ scope }: { scope: string }) {
  const { loaded, failed, retry } = useLoaded(useSchoolRuleStore, scope);
  const rule = useSchoolRuleStore((state) => state.data);
  return (
    <RuleCard
      title="To-trinns innlogging"
      label="Krev to-trinns innlogging for administratorer"
      explanation="Administratorer ser helseopplysninger om elever. Når kravet er på, må de logge inn med passnøkkel, eller med passord og en kode fra en autentiseringsapp. Sett opp en av dem for deg selv på Min konto først."
      required={rule?.required ?? null}
      loaded={loaded}
      failed={failed}
      retry={retry}
      onChange={(required) => ruleActions.setSchool(required, scope)}
      testId="school-second-factor"
    />
  );
}

/** On the Plattformadministrator's home: the requirement for Plattformadministratorer. */
export function PlatformSecondFactorCard() {
  const { loaded, failed, retry } = useLoaded(usePlatformRuleStore, '');
  const rule = usePlatformRuleStore((state) => state.data);
  return (
    <RuleCard
      title="To-trinns innlogging"
      label="Krev to-trinns innlogging for plattformadministratorer"
      explanation="Når kravet er på, må plattformadministratorer logge inn med passnøkkel, eller med passord og en kode fra en autentiseringsapp."
      required={rule?.required ?? null}
      loaded={loaded}
      failed={failed}
      retry={retry}
      locked={rule?.forced ? 'Kravet er bestemt i serverens oppsett (REQUIRE_SECOND_FACTOR_PLATFORM) og kan ikke endres her.' : undefined}
      onChange={(required) => ruleActions.setPlatform(required)}
      testId="platform-second-factor"
    />
  );
}
