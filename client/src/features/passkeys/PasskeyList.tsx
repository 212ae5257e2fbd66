import { useId, useMemo, useState } from 'react';
import { addPasskeyBodySchema, formatTimestampNo, PASSKEY_NAME_MAX, suggestedPasskeyName, type Passkey } from '#protocol';
import { serverMessage } from '../../api/http';
import { useLoaded } from '../../stores/useLoaded';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListState } from '../../ui/ListState';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { withProof, wasProofCancelled } from '../reauthentication/proofStore';
import { alreadyOnDevice, browserHasPasskeys, wasCancelled } from './passkeysApi';
import { passkeyActions, usePasskeysStore } from './passkeysStore';
import './passkeys.css';

const nameSchema = addPasskeyBodySchema.pick({ name: true });
type NameForm = { name: string };

const byCreated = (a: Passkey, b: Passkey) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** 'Passnøkler' on Min konto: the user's own, each with when it was made and last used, a name for a new one, and removal after a question. */
export function PasskeyList() {
  const { loaded, failed, retry } = useLoaded(usePasskeysStore, '');
  const byId = usePasskeysStore((state) => state.byId);
  const passkeys = useMemo(() => Object.values(byId).sort(byCreated), [byId]);
  const [toRemove, setToRemove] = useState<Passkey | null>(null);
  const titleId = useId();
  const supported = browserHasPasskeys();

  const form = useSchemaForm<keyof NameForm, NameForm>({
    schema: nameSchema,
    initial: { name: suggestedPasskeyName(typeof navigator === 'undefined' ? '' : navigator.userAgent) },
    onValid: async ({ name }) => {
      try {
        await withProof(() => passkeyActions.add(name));
        form.reset();
        toast({ title: 'Passnøkkel lagt til', description: `«${name}» kan nå brukes til å logge inn.` });
      } catch (error) {
        if (wasCancelled(error) || wasProofCancelled(error)) toast({ title: 'Avbrutt', description: 'Ingen passnøkkel ble lagt til.' });
        else if (alreadyOnDevice(error))
          failureToast('Kunne ikke legge til passnøkkel', 'Denne enheten har allerede en passnøkkel for kontoen din.');
        else failureToast('Kunne ikke legge til passnøkkel', serverMessage(error, 'Prøv igjen.'));
      }
    },
  });

  async function remove(passkey: Passkey) {
    try {
      await withProof(() => passkeyActions.remove(passkey));
      toast({ title: 'Passnøkkel fjernet', description: `«${passkey.name}» kan ikke lenger brukes til å logge inn.` });
    } catch (error) {
      if (wasProofCancelled(error)) toast({ title: 'Avbrutt', description: 'Passnøkkelen er ikke fjernet.' });
      else failureToast('Kunne ikke fjerne passnøkkel', serverMessage(error, 'Prøv igjen.'));
    }
  }

  return (
    <section className="card account-section" aria-labelledby={titleId} data-testid="passkeys">
      <h2 id={titleId} className="section-title">
        Passnøkler
      </h2>
      <p className="muted">
        Med en passnøkkel logger du inn med fingeravtrykk, ansikt eller PIN-koden på enheten din, uten å skrive passord. Passnøkkelen blir
        lagret på enheten (eller i passordbehandleren din), aldri her.
      </p>

      {!loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster passnøkler..." onRetry={retry} />
      ) : passkeys.length === 0 ? (
        <p className="empty" data-testid="passkeys-empty">
          Du har ingen passnøkler ennå.
        </p>
      ) : (
        <ul className="row-list" data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="row" data-testid="passkey-row">
              <div className="row-main">
                <span className="row-title">{passkey.name}</span>
                <span className="passkey-dates">
                  <span>Opprettet {formatTimestampNo(passkey.createdAt)}</span>
                  <span>{passkey.lastUsedAt ? `Sist brukt ${formatTimestampNo(passkey.lastUsedAt)}` : 'Ikke brukt ennå'}</span>
                </span>
              </div>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setToRemove(passkey)}
                aria-label={`Fjern passnøkkelen «${passkey.name}»`}
                data-testid="passkey-remove"
              >
                Fjern
              </button>
            </li>
          ))}
        </ul>
      )}

      {supported ? (
        <form className="form passkey-form" onSubmit={form.onSubmit} noValidate data-testid="passkey-add-form">
          <TextField
            label="Navn på ny passnøkkel"
            hint="For eksempel enheten den ligger på"
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            {...form.field('name')}
            data-testid="passkey-name"
          />
          <button type="submit" className="button" disabled={form.busy} data-testid="passkey-add">
            {form.busy ? 'Venter på enheten...' : 'Legg til passnøkkel'}
          </button>
        </form>
      ) : (
        <p className="notice" data-testid="passkeys-unsupported">
          Denne nettleseren kan ikke bruke passnøkler.
        </p>
      )}

      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title="Fjern passnøkkel"
        description={`Vil du fjerne passnøkkelen «${toRemove?.name ?? ''}»? Den kan da ikke lenger brukes til å logge inn her.`}
        confirmLabel="Fjern"
        onConfirm={() => toRemove && remove(toRemove)}
        testId="passkey-remove-dialog"
      />
    </section>
  );
}
