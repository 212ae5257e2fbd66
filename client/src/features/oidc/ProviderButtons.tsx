import { useLocation } from 'react-router-dom';
import { OIDC_FAILURE_PARAM, oidcFailureText, oidcStartPath } from '#protocol/oidc';
import { useLoaded } from '../../stores/useLoaded';
import { useHydrated } from '../../ui/useHydrated';
import { useProvidersStore } from './providersStore';
import './oidc.css';

/**
 * 'Logg inn med Feide', 'Logg inn med Microsoft': a plain link per configured provider, under
 * the e-mail form. The flow itself is the server's (a redirect there and back), so the link
 * needs no script once it is on the page.
 */
export function ProviderButtons() {
  useLoaded(useProvidersStore, '');
  const providers = useProvidersStore((state) => state.data) ?? [];
  if (providers.length === 0) return null;
  return (
    <section className="provider-signin" aria-labelledby="provider-signin-title" data-testid="provider-buttons">
      <h2 id="provider-signin-title" className="provider-signin-title">
        Eller logg inn med skolens innlogging
      </h2>
      {providers.map((provider) => (
        <a
          key={provider.id}
          className="button button-secondary button-block"
          href={oidcStartPath(provider.id)}
          data-testid={`provider-${provider.id}`}
        >
          Logg inn med {provider.name}
        </a>
      ))}
    </section>
  );
}

/**
 * Why a sign-in at a provider came back refused (/login?innlogging=…): the text is this app's,
 * chosen by the code; nothing from the address is shown as it came.
 */
export function ProviderFailureNotice() {
  const hydrated = useHydrated();
  const { search } = useLocation();
  const text = oidcFailureText(new URLSearchParams(search).get(OIDC_FAILURE_PARAM));
  if (!hydrated || !text) return null;
  return (
    <p className="notice notice-error" role="alert" data-testid="provider-failure">
      {text}
    </p>
  );
}
