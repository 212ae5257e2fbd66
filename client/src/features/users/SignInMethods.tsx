import { PASSWORD_SIGN_IN, type User } from '#protocol';

/** How a user signs in, as the Admin reads it: 'Innlogging: Passord, Feide' (issue 33). */
export function SignInMethods({ user }: { user: User }) {
  if (!user.signIn) return null;
  const ways = [...(user.signIn.password ? [PASSWORD_SIGN_IN] : []), ...user.signIn.providers.map((provider) => provider.name)];
  return (
    <span className="row-meta" data-testid="sign-in-methods">
      Innlogging: {ways.length > 0 ? ways.join(', ') : 'ingen'}
    </span>
  );
}
