import { useId, useRef, useState, useEffect } from 'react';
import { oneTimeCodeBodySchema, RECOVERY_CODE_COUNT, type OneTimeCodeBody, type TotpSetup } from '#protocol/secondFactor';
import { serverMessage } from '../../api/http';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { withProof, wasProofCancelled } from '../reauthentication/proofStore';
import { totpActions, useTotpStore } from './totpStore';
import './secondFactor.css';

/**
 * 'Autentiseringsapp' on Min konto: set up by typing the secret (or the otpauth:// address) into
 * an app and confirming with its first code; then ten recovery codes shown this once; turned off
 * after 'Bekreft at det er deg' (password and a code). Each change asks that proof first (issue 43).
 */
export function TotpCard() {
  const { loaded, failed, retry } = useLoaded(useTotpStore, '');
  const status = useTotpStore((state) => state.data);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function begin() {
    setBusy(true);
    try {
      setSetup(await withProof(() => totpActions.begin()));
    } catch (error) {
      if (wasProofCancelled(error)) toast({ title: 'Avbrutt', description: 'Kodeappen er ikke satt opp.' });
      else failureToast('Kunne ikke begynne oppsettet', serverMessage(error, 'Prøv igjen.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card account-section" aria-labelledby={titleId} data-testid="totp">
      <h2 id={titleId} className="section-title">
        Autentiseringsapp
      </h2>
      <p className="muted">
        Med en autentiseringsapp (for eksempel Microsoft Authenticator eller Google Authenticator) må du skrive inn en kode fra appen når du
        logger inn med passord.
      </p>
      {!loaded || !status ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster..." onRetry={retry} />
      ) : recoveryCodes ? (
        <RecoveryCodesShown codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.enabled ? (
        <TurnOff recoveryCodesLeft={status.recoveryCodesLeft} />
      ) : setup ? (
        <Confirm
          setup={setup}
          onCancel={() => setSetup(null)}
          onConfirmed={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : (
        <>
          <p data-testid="totp-off">Autentiseringsappen er ikke slått på.</p>
          <button type="button" className="button button-secondary" onClick={() => void begin()} disabled={busy} data-testid="totp-begin">
            Sett opp autentiseringsapp
          </button>
        </>
      )}
    </section>
  );
}

function CodeField({ form, label, testId }: { form: ReturnType<typeof useCodeForm>; label: string; testId: string }) {
  return (
    <TextField label={label} inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...form.field('code')} data-testid={testId} />
  );
}

function useCodeForm(onValid: (code: string) => Promise<void>) {
  return useSchemaForm<keyof OneTimeCodeBody, OneTimeCodeBody>({
    schema: oneTimeCodeBodySchema,
    initial: { code: '' },
    onValid: ({ code }) => onValid(code),
  });
}

function Confirm({ setup, onCancel, onConfirmed }: { setup: TotpSetup; onCancel(): void; onConfirmed(codes: string[]): void }) {
  const form = useCodeForm(async (code) => {
    try {
      onConfirmed(await withProof(() => totpActions.confirm(code)));
    } catch (error) {
      if (wasProofCancelled(error)) toast({ title: 'Avbrutt', description: 'Kodeappen er ikke slått på.' });
      else failureToast('Kunne ikke slå på autentiseringsappen', serverMessage(error, 'Prøv igjen.'));
    }
  });
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate data-testid="totp-confirm-form">
      <ol className="totp-steps">
        <li>
          Legg til en konto i autentiseringsappen, og skriv inn denne nøkkelen (eller lim inn adressen under hvis appen kan det):
          <code className="totp-secret" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
          <span className="totp-uri-label">Adresse:</span>
          <code className="totp-uri" data-testid="totp-uri">
            {setup.uri}
          </code>
        </li>
        <li>Skriv inn den sekssifrede koden appen viser nå.</li>
      </ol>
      <CodeField form={form} label="Kode fra appen" testId="totp-confirm-code" />
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Avbryt
        </button>
        <button type="submit" className="button" disabled={form.busy} data-testid="totp-confirm">
          Slå på
        </button>
      </div>
    </form>
  );
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="totp-recovery" data-testid="totp-recovery">
      <h3 ref={heading} tabIndex={-1} className="totp-recovery-title">
        Autentiseringsappen er slått på. Ta vare på gjenopprettingskodene
      </h3>
      <p>
        Hvis du mister telefonen, kan du logge inn med én av disse {RECOVERY_CODE_COUNT} kodene i stedet for en kode fra appen. Hver kode
        virker én gang. De vises bare nå: skriv dem ut eller lagre dem et trygt sted.
      </p>
      <ul className="totp-codes" data-testid="totp-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={onDone} data-testid="totp-recovery-done">
        Jeg har tatt vare på kodene
      </button>
    </div>
  );
}

/**
 * Turning the app off: 'Bekreft at det er deg' asks the password and a code from the app (or a
 * recovery code) first, unless this session proved it in the last five minutes (issue 43).
 */
function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const [busy, setBusy] = useState(false);
  async function turnOff() {
    setBusy(true);
    try {
      toast({ title: 'Autentiseringsapp slått av', description: await withProof(() => totpActions.turnOff()) });
    } catch (error) {
      if (wasProofCancelled(error)) toast({ title: 'Avbrutt', description: 'Kodeappen er fortsatt slått på.' });
      else failureToast('Kunne ikke slå av autentiseringsappen', serverMessage(error, 'Prøv igjen.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p data-testid="totp-on">Autentiseringsappen er slått på. Du har {recoveryCodesLeft} ubrukte gjenopprettingskoder.</p>
      <button type="button" className="button button-secondary" onClick={() => void turnOff()} disabled={busy} data-testid="totp-turn-off">
        Slå av autentiseringsapp
      </button>
    </>
  );
}
