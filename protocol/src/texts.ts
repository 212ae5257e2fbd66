import { ADMIN_ROLE } from './roles';

/** Norwegian messages the server sends and the client shows, shared so both spell them the same. */
export const TEXTS = {
  invalidCredentials: 'Feil e-post eller passord',
  notSignedIn: 'Du er ikke logget inn',
  signInNeedsHttps:
    'Innlogging er ikke mulig akkurat nå: serveren får ikke vite at forbindelsen er sikker (https). Kontakt administratoren.',
  forbidden: 'Du har ikke tilgang til dette',
  accountPending: 'Kontoen din venter på godkjenning',
  accountDeactivated: 'Kontoen din er deaktivert. Kontakt administratoren.',
  schoolInactive: 'Skolen din er deaktivert. Kontakt administratoren.',
  // The school's own Admin is the administrator the text above sends the staff to (issue 45).
  schoolInactiveForAdmin:
    'Skolen din er deaktivert. Som skolens administrator må du kontakte plattformadministratoren (den som drifter Tilsynsvakt for skolen) for å få den aktivert igjen.',
  emailTaken: 'E-postadressen er allerede registrert',
  unknownSchool: 'Skolen finnes ikke eller er ikke aktiv',
  otherSchool: 'Du har ikke tilgang til denne skolen',
  schoolNotChosen: 'Velg en skole (schoolId mangler)',
  schoolNotFound: 'Fant ikke skolen',
  // The same answer whether or not the address is known: registration does not reveal who has an account.
  registered: 'Registreringen er mottatt. En administrator må godkjenne kontoen før den kan brukes.',
  wrongCurrentPassword: 'Nåværende passord er feil',
  passwordChanged: 'Passordet er endret',
  loggedOut: 'Du er logget ut',
  activityRecorded: 'Aktivitet registrert',
  tooManyAttempts: 'For mange forsøk. Vent litt og prøv igjen.',
  missingXhrHeader: 'Forespørselen mangler påkrevd header (X-Requested-With)',
  notFound: 'Fant ikke ressursen',
  bodyTooLarge: 'Forespørselen er for stor',
  badJson: 'Ugyldig JSON i forespørselen',
  serverError: 'Noe gikk galt på serveren. Prøv igjen.',
  databaseAway: 'Databasen svarer ikke akkurat nå. Det du sendte er ikke lagret; prøv igjen om litt.',
  platformAdminWrongLogin: 'Plattformadministrator-brukere må logge inn via Plattformadministrator Portal',
} as const;

/** Whom a person whose school is switched off should contact: the school's Admin cannot switch it on. */
export function schoolInactiveText(role: string | null | undefined): string {
  return role === ADMIN_ROLE ? TEXTS.schoolInactiveForAdmin : TEXTS.schoolInactive;
}
