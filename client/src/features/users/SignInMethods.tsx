import { PASSWORD_SIGN_IN, type User } from '#protocol';

/** How a user signs in, as the Admin reads it: 'Innlogging: Passord, autentiseringsapp, passnøkkel, Feide' (issue 33). */
export function SignInMethods({ user }: { user: User }) {
  if (!user.signIn) return null;
  const { password, authenticatorApp, passkey, providers } = user.signIn;
  const ways = [
    ...(password ? [authenticatorApp ? `${PASSWORD_SIGN_IN} og autentiseringsapp` : PASSWORD_SIGN_IN] : []),
    ...(passkey ? ['passnøkkel'] : []),
    ...providers.map((provider) => provider.name),
  ];
  return (
    <span className="row-meta" data-testid="sign-in-methods">
      Innlogging: {ways.length > 0 ? ways.join(', ') : 'ingen'}
    </span>
  );
}
