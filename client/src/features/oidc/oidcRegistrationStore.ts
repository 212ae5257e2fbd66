import type { OidcRegistration } from '#protocol/oidc';
import { createSnapshotStore } from '../../stores/snapshot';
import { fetchOidcRegistration } from './oidcApi';

/** The identity this browser brought back from a provider (scope ''): asked each time the form is shown. */
export const useOidcRegistrationStore = createSnapshotStore<OidcRegistration>(() => fetchOidcRegistration(), { keptLive: false });
