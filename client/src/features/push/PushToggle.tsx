import { useId, useState } from 'react';
import { ADMIN_ROLE, mayRole, POLICY } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { ToggleSwitch } from '../../ui/ToggleSwitch';
import { pushActions, usePushStore, type PushOutcome } from './pushStore';
import { PUSH_LABELS, PUSH_STATUS_TEXTS, PUSH_WORKING_TEXTS } from './pushTexts';
import './push.css';

/** States where pressing the switch cannot change anything on this device. */
const FIXED = new Set(['unsupported', 'ios-home-screen', 'checking']);

/**
 * 'Varsler på denne enheten' (issue 32): notifications when the app is closed, for the roles that
 * get any; nothing for the others. Permission is asked only when the switch is pressed. The line
 * beside it says the device's state, and says it again to a screen reader when it changes.
 */
export function PushToggle({ className = 'card push-card push-spaced' }: { className?: string }) {
  const { role } = useCurrentUser();
  if (!mayRole(POLICY.pushNotifications.change, role)) return null;
  return <PushControls className={className} isAdmin={role === ADMIN_ROLE} />;
}

function PushControls({ className, isAdmin }: { className: string; isAdmin: boolean }) {
  const id = useId();
  const status = usePushStore((state) => state.status);
  const working = usePushStore((state) => state.working);
  const newCases = usePushStore((state) => state.newCases);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<PushOutcome | null>) {
    setError(null);
    const outcome = await action();
    if (outcome && !outcome.ok) setError(outcome.error);
  }

  const statusText = working ? PUSH_WORKING_TEXTS[working] : PUSH_STATUS_TEXTS[status];
  return (
    <section className={className} aria-labelledby={`${id}-title`} data-testid="push-toggle">
      <h2 id={`${id}-title`} className="section-title">
        {PUSH_LABELS.title}
      </h2>
      <div className="push-row">
        <label htmlFor={`${id}-switch`}>{PUSH_LABELS.toggle}</label>
        <ToggleSwitch
          id={`${id}-switch`}
          checked={status === 'on'}
          // Pressed again while at work: ignored, not disabled, so the focus stays on the switch.
          onCheckedChange={(on) => void run(on ? pushActions.turnOn : pushActions.turnOff)}
          disabled={FIXED.has(status)}
          testId="push-switch"
        />
      </div>
      <p className="push-status" role="status" data-testid="push-status">
        {statusText}
      </p>
      {error && (
        <p className="field-error" role="alert" data-testid="push-error">
          {error}
        </p>
      )}
      {isAdmin && status === 'on' && (
        <label className="push-check">
          <input
            type="checkbox"
            checked={newCases}
            onChange={(event) => void run(() => pushActions.setNewCases(event.target.checked))}
            data-testid="push-new-cases"
          />
          <span>{PUSH_LABELS.newCases}</span>
        </label>
      )}
    </section>
  );
}
