import { useId, useMemo, useRef, useState } from 'react';
import { formatTimestampNo } from '#protocol';
import { TRUSTED_DEVICE_HOURS, type TrustedDevice } from '#protocol/trustedDevices';
import { serverMessage } from '../../api/http';
import { useLoaded } from '../../stores/useLoaded';
import { announce } from '../../ui/liveAnnouncer';
import { ListState } from '../../ui/ListState';
import { failureToast } from '../../ui/toastStore';
import { trustedDeviceActions, useTrustedDevicesStore } from './trustedDevicesStore';
import '../accountSessions/accountSessions.css';

const newestFirst = (a: TrustedDevice, b: TrustedDevice) => b.trustedAt.localeCompare(a.trustedAt);

/**
 * 'Huskede enheter' on Min konto (issue 44): the devices that may skip the authenticator app's code
 * until a time, each with 'Fjern'; this browser's is 'Denne enheten'. Shown while the app is on.
 */
export function TrustedDeviceList() {
  const { loaded, failed, retry } = useLoaded(useTrustedDevicesStore, '');
  const byId = useTrustedDevicesStore((state) => state.byId);
  const devices = useMemo(() => Object.values(byId).sort(newestFirst), [byId]);
  const [removing, setRemoving] = useState<string | null>(null);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  async function remove(device: TrustedDevice) {
    setRemoving(device.id);
    try {
      const message = await trustedDeviceActions.remove(device);
      announce(`${device.device} er fjernet. ${message}`);
      // The row and its button are gone: focus stays in the section, on its heading.
      heading.current?.focus();
    } catch (error) {
      failureToast('Kunne ikke fjerne enheten', serverMessage(error, 'Prøv igjen.'));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="card account-section" aria-labelledby={titleId} data-testid="trusted-devices">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="section-title">
        Huskede enheter
      </h2>
      <p className="muted">
        Disse enhetene slipper engangskoden når du logger inn med passord, i {TRUSTED_DEVICE_HOURS} timer fra du krysset av for «Husk denne
        enheten». Fjern en enhet du ikke kjenner igjen eller ikke lenger bruker.
      </p>
      {!loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster huskede enheter..." onRetry={retry} />
      ) : devices.length === 0 ? (
        <p className="muted" data-testid="trusted-devices-empty">
          Ingen enheter er husket nå.
        </p>
      ) : (
        <ul className="row-list" data-testid="trusted-device-list">
          {devices.map((device) => (
            <li key={device.id} className="row row-stack" data-testid="trusted-device-row">
              <div className="row-main">
                <span className="row-title">
                  {device.device}
                  {device.current && <span className="muted"> (denne enheten)</span>}
                </span>
                <span className="passkey-dates">
                  <span>Adresse {device.ip || 'ukjent'}</span>
                  <span>
                    Husket til <span className="session-time">{formatTimestampNo(device.expiresAt)}</span>
                  </span>
                  {device.lastUsedAt && (
                    <span>
                      Sist brukt <span className="session-time">{formatTimestampNo(device.lastUsedAt)}</span>
                    </span>
                  )}
                </span>
              </div>
              <div className="row-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => void remove(device)}
                  disabled={removing === device.id}
                  aria-label={`Fjern ${device.device}${device.current ? ', denne enheten' : ''}, husket til ${formatTimestampNo(device.expiresAt)}`}
                  data-testid="trusted-device-remove"
                >
                  Fjern
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
