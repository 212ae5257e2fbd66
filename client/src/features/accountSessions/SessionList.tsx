import { useId, useMemo, useRef, useState } from 'react';
import { formatTimestampNo } from '#protocol';
import type { AccountSession } from '#protocol/accountSessions';
import { serverMessage } from '../../api/http';
import { useLoaded } from '../../stores/useLoaded';
import { announce } from '../../ui/liveAnnouncer';
import { ListState } from '../../ui/ListState';
import { failureToast } from '../../ui/toastStore';
import { accountSessionActions, useAccountSessionsStore } from './accountSessionsStore';
import './accountSessions.css';

const order = (a: AccountSession, b: AccountSession) =>
  Number(b.current) - Number(a.current) || (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '');

/**
 * 'Innlogginger' on Min konto (issue 43): where the person is signed in (device, address, when
 * signed in and last used), and 'Logg ut' for every other one; this one is 'Denne enheten'.
 */
export function SessionList() {
  const { loaded, failed, retry } = useLoaded(useAccountSessionsStore, '');
  const byId = useAccountSessionsStore((state) => state.byId);
  const sessions = useMemo(() => Object.values(byId).sort(order), [byId]);
  const [ending, setEnding] = useState<string | null>(null);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  async function end(session: AccountSession) {
    setEnding(session.id);
    try {
      const message = await accountSessionActions.end(session);
      announce(`${message} ${session.device}.`);
      // The row and its button are gone: focus stays in the section, on its heading.
      heading.current?.focus();
    } catch (error) {
      failureToast('Kunne ikke logge ut', serverMessage(error, 'Prøv igjen.'));
    } finally {
      setEnding(null);
    }
  }

  return (
    <section className="card account-section" aria-labelledby={titleId} data-testid="account-sessions">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="section-title">
        Innlogginger
      </h2>
      <p className="muted">Her er du logget inn nå. Kjenner du ikke igjen en innlogging, logg den ut og bytt passord.</p>
      {!loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster innlogginger..." onRetry={retry} />
      ) : (
        <ul className="row-list" data-testid="account-session-list">
          {sessions.map((session) => (
            <li key={session.id} className="row row-stack" data-testid="account-session-row">
              <div className="row-main">
                <span className="row-title">{session.device}</span>
                <span className="passkey-dates">
                  <span>Adresse {session.ip || 'ukjent'}</span>
                  {session.signedInAt && (
                    <span>
                      Logget inn <span className="session-time">{formatTimestampNo(session.signedInAt)}</span>
                    </span>
                  )}
                  {session.lastUsedAt && (
                    <span>
                      Sist brukt <span className="session-time">{formatTimestampNo(session.lastUsedAt)}</span>
                    </span>
                  )}
                </span>
              </div>
              {/* Beside the text, not squeezed by it; on a phone below it (row-stack). */}
              <div className="row-actions">
                {session.current ? (
                  <span className="muted" data-testid="account-session-current">
                    Denne enheten
                  </span>
                ) : (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => void end(session)}
                    disabled={ending === session.id}
                    aria-label={`Logg ut ${session.device}, sist brukt ${session.lastUsedAt ? formatTimestampNo(session.lastUsedAt) : 'ukjent'}`}
                    data-testid="account-session-end"
                  >
                    Logg ut
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
