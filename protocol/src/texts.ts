/** Norwegian messages the server sends and the client shows, shared so both spell them the same. */
export const TEXTS = {
  invalidCredentials: 'Feil e-post eller passord',
  notSignedIn: 'Du er ikke logget inn',
  forbidden: 'Du har ikke tilgang til dette',
  accountPending: 'Kontoen din venter på godkjenning',
  accountDeactivated: 'Kontoen din er deaktivert. Kontakt administratoren.',
  schoolInactive: 'Skolen din er deaktivert. Kontakt administratoren.',
  emailTaken: 'E-postadressen er allerede registrert',
  unknownSchool: 'Skolen finnes ikke eller er ikke aktiv',
  // The same answer whether or not the address is known: registration does not reveal who has an account.
  registered: 'Registreringen er mottatt. En administrator må godkjenne kontoen før den kan brukes.',
  wrongCurrentPassword: 'Nåværende passord er feil',
  passwordChanged: 'Passordet er endret',
  loggedOut: 'Du er logget ut',
  tooManyAttempts: 'For mange forsøk. Vent litt og prøv igjen.',
  missingXhrHeader: 'Forespørselen mangler påkrevd header (X-Requested-With)',
  notFound: 'Fant ikke ressursen',
  bodyTooLarge: 'Forespørselen er for stor',
  badJson: 'Ugyldig JSON i forespørselen',
  serverError: 'Noe gikk galt på serveren. Prøv igjen.',
  databaseAway: 'Databasen svarer ikke akkurat nå. Det du sendte er ikke lagret; prøv igjen om litt.',
  platformAdminWrongLogin: 'Plattformadministrator-brukere må logge inn via Plattformadministrator Portal',
} as const;
