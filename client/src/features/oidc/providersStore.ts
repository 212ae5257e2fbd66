import type { OidcProvider } from '#protocol/oidc';
import { createSnapshotStore } from '../../stores/snapshot';
import { fetchProviders } from './oidcApi';

/** The OpenID providers of the sign-in page (scope ''): asked each time the page is shown. */
export const useProvidersStore = createSnapshotStore<OidcProvider[]>(() => fetchProviders(), { keptLive: false });
