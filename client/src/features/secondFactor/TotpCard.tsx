import { lazy, Suspense, useId, useState } from 'react';
import { oneTimeCodeBodySchema, type OneTimeCodeBody, type TotpSetup } from '#protocol/secondFactor';
import { serverMessage } from '../../api/http';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { TextField } from '../../ui/TextField';
import { dismissFailureToasts, failureToast, toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { withProof, wasProofCancelled } from '../reauthentication/proofStore';
import { RecoveryCodesShown } from './RecoveryCodesShown';
import { totpActions, useTotpStore } from './totpStore';
import './secondFactor.css';

// The QR library is needed once, at set-up: a chunk of its own, not a part of every signed-in page.
const TotpQrCode = lazy(() => import('./TotpQrCode').then((m) => ({ default: m.TotpQrCode })));

/**
 * 'Autentiseringsapp' on Min konto: set up by scanning a QR code drawn on the device (or typing
 * the secret) into an app and confirming with its first code; then ten recovery codes shown this once; turned off
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
      dismissFailureToasts();
    } catch (error) {
      if (wasProofCancelled(error)) toast({ title: 'Avbrutt', description: 'Autentiseringsappen er ikke satt opp.' });
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
      // A wrong code's red toast would otherwise stay over the recovery codes.
      dismissFailureToasts();
    } catch (error) {
      if (wasProofCancelled(error)) toast({ title: 'Avbrutt', description: 'Autentiseringsappen er ikke slått på.' });
      else failureToast('Kunne ikke slå på autentiseringsappen', serverMessage(error, 'Prøv igjen.'));
    }
  });
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate data-testid="totp-confirm-form">
      <ol className="totp-steps">
        <li>
          Skann QR-koden med autentiseringsappen.
          <Suspense fallback={<span className="totp-qr" aria-hidden="true" />}>
            <TotpQrCode uri={setup.uri} />
          </Suspense>
          <span className="totp-key-label">Kan du ikke skanne? Legg til en konto i appen, og skriv inn denne nøkkelen:</span>
          <code className="totp-secret" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
          <details className="totp-uri-details">
            <summary>Vis adressen, for apper som kan lime den inn</summary>
            <code className="totp-uri" data-testid="totp-uri">
              {setup.uri}
            </code>
          </details>
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
      if (wasProofCancelled(error)) toast({ title: 'Avbrutt', description: 'Autentiseringsappen er fortsatt slått på.' });
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
