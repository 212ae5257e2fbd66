import { useId, useRef, useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/http';
import { announce } from '../../ui/liveAnnouncer';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { reauthenticate, reauthenticateWithPasskey } from './reauthApi';
import { proofActions, useProofStore } from './proofStore';
import './reauthentication.css';

const cancelledByDevice = (error: unknown) => {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
};

/**
 * 'Bekreft at det er deg' (issue 43), opened by withProof when a factor change needs a fresh proof:
 * the password (and the app's code where it is on), or a passkey. The error is said in the dialog
 * and cleared on success; focus starts in the password field and returns to what opened the change.
 */
export function ProofDialog({ appOn, hasPasskey }: { appOn: boolean; hasPasskey: boolean }) {
  const open = useProofStore((state) => state.waiting !== null);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && proofActions.cancelled()}
      title="Bekreft at det er deg"
      description="Før du endrer passnøkler eller autentiseringsapp, må du bekrefte at det er deg. Det gjelder i fem minutter."
      testId="proof-dialog"
    >
      {open && <ProofForm appOn={appOn} hasPasskey={hasPasskey} />}
    </Modal>
  );
}

function ProofForm({ appOn, hasPasskey }: { appOn: boolean; hasPasskey: boolean }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const passwordField = useRef<HTMLDivElement>(null);
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

  async function run(proof: () => Promise<unknown>) {
    setBusy(true);
    try {
      await proof();
      setError('');
      announce('Bekreftet.');
      proofActions.proven();
    } catch (failure) {
      const message = cancelledByDevice(failure)
        ? 'Avbrutt. Prøv igjen, eller bruk passordet.'
        : serverMessage(failure, 'Kunne ikke bekrefte. Prøv igjen.');
      setError(message);
      passwordField.current?.querySelector('input')?.focus();
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Skriv inn passordet ditt.');
      passwordField.current?.querySelector('input')?.focus();
      return;
    }
    void run(() => reauthenticate(password, appOn ? code.trim() || undefined : undefined));
  }

  return (
    <form className="form proof-form" onSubmit={submit} noValidate data-testid="proof-form" aria-describedby={error ? errorId : undefined}>
      <div ref={passwordField}>
        <TextField
          label="Passord"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="proof-password"
        />
      </div>
      {appOn && (
        <TextField
          label="Kode fra autentiseringsappen (eller en gjenopprettingskode)"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          data-testid="proof-code"
        />
      )}
      <p id={errorId} className="proof-error" role="alert" data-testid="proof-error">
        {error}
      </p>
      <div className="dialog-actions proof-actions">
        <button type="submit" className="button" disabled={busy} data-testid="proof-submit">
          {busy ? 'Bekrefter...' : 'Bekreft'}
        </button>
        {hasPasskey && supported && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void run(reauthenticateWithPasskey)}
            data-testid="proof-passkey"
          >
            Bruk passnøkkel
          </button>
        )}
      </div>
    </form>
  );
}
