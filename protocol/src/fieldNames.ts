/**
 * Field names as a Norwegian user reads them in a validation message ('Feltet «navn»: …').
 * Every key of a request body, query or path schema has one (protocol/src/fieldNames.test.ts).
 */
export const FIELD_NAMES: Readonly<Record<string, string>> = {
  activeOn: 'dato',
  /** The register of students (issue 46). */
  firstName: 'fornavn',
  lastName: 'etternavn',
  house: 'internat',
  room: 'rom',
  boarder: 'internatelev',
  externalId: 'elevnummer',
  contactNote: 'hvem som skal kontaktes',
  leftAt: 'sluttdato',
  includeLeft: 'ta med de som har sluttet',
  studentId: 'elev i elevregisteret',
  state: 'markering',
  at: 'tidspunkt',
  startedAt: 'starttidspunkt',
  drill: 'øvelse',
  safe: 'i sikkerhet',
  personId: 'person',
  note: 'notat',
  studentIds: 'elever i elevregisteret',
  fileName: 'filnavn',
  mapping: 'kolonnevalg',
  createClasses: 'klasser som skal opprettes',
  leftIds: 'elever som har sluttet',
  actorId: 'person',
  awayStudents: 'bortreiste elever',
  baseVersion: 'versjon',
  before: 'før',
  beforeId: 'før oppføring',
  buttons: 'gjøremål',
  classId: 'klasse',
  classIds: 'klasser',
  className: 'klassenavn',
  comment: 'kommentar',
  confirmPassword: 'bekreft passord',
  completedTasks: 'utførte gjøremål',
  content: 'innhold',
  currentPassword: 'nåværende passord',
  date: 'dato',
  description: 'beskrivelse',
  done: 'utført',
  doneAt: 'tidspunkt for avkryssingen',
  tickId: 'avkryssing',
  email: 'e-post',
  endpoint: 'varseladresse',
  expirationTime: 'utløpstid',
  keys: 'nøkler',
  p256dh: 'varselnøkkel',
  /** Why a case was rejected (issue 44). */
  reason: 'begrunnelse',
  auth: 'autentiseringsnøkkel',
  automatic: 'automatisk',
  newCases: 'nye saker',
  end: 'til-dato',
  from: 'fra-dato',
  fromDate: 'fra-dato',
  id: 'id',
  label: 'tekst',
  kind: 'type endring',
  limit: 'antall',
  months: 'måneder',
  active: 'aktiv',
  name: 'navn',
  newPassword: 'nytt passord',
  password: 'passord',
  revision: 'versjon',
  /** A report's saved text (issue 44): GET /api/reports/{id}/versions/{version}. */
  version: 'versjon',
  removeFactors: 'fjern passnøkler og autentiseringsapp',
  role: 'rolle',
  roomNumber: 'romnummer',
  schoolId: 'skole',
  /** OpenID Connect (issue 33): the provider of a link the Admin removes. */
  providerId: 'innloggingstjeneste',
  /** Passkeys (issue 33): what the browser's authenticator answered, field by field. */
  credential: 'passnøkkel',
  rawId: 'passnøkkelens id',
  type: 'type',
  clientExtensionResults: 'utvidelser',
  credProps: 'egenskaper',
  rk: 'lagret på enheten',
  authenticatorAttachment: 'enhetstype',
  response: 'svar fra enheten',
  clientDataJSON: 'klientdata',
  attestationObject: 'attestasjon',
  authenticatorData: 'enhetsdata',
  transports: 'tilkoblinger',
  publicKeyAlgorithm: 'algoritme',
  publicKey: 'offentlig nøkkel',
  signature: 'signatur',
  userHandle: 'brukerhåndtak',
  /** A one-time code from the authenticator app, or a recovery code. */
  code: 'kode',
  /** Let this device skip the code for 12 hours (issue 44). */
  trustDevice: 'husk denne enheten',
  /** Whether a second factor is required (issue 33). */
  required: 'påkrevd',
  /** The possible matches chosen for a student's PDF (issue 45). */
  reportIds: 'rapporter',
  start: 'fra-dato',
  status: 'status',
  studentName: 'elevnavn',
  studentNames: 'elevnavn',
  /** A trip's name, 'Skitur Hemsedal' (issue 45). */
  tripName: 'navn på reisen',
  taskId: 'oppgave',
  students: 'elever',
  to: 'til-dato',
  token: 'lenke',
  toDate: 'til-dato',
  userId: 'bruker',
  year: 'år',
};

/** 'students/0/name' → 'elever nr. 1, navn'. */
export function fieldLabel(path: ReadonlyArray<string | number>): string {
  const parts: string[] = [];
  for (const raw of path) {
    const segment = String(raw);
    const index = /^\d+$/.test(segment) ? Number(segment) : null;
    if (index !== null && parts.length > 0) parts[parts.length - 1] += ` nr. ${index + 1}`;
    else if (index !== null) parts.push(`nr. ${index + 1}`);
    else parts.push(Object.hasOwn(FIELD_NAMES, segment) ? FIELD_NAMES[segment]! : segment);
  }
  return parts.join(', ');
}
