/** The words of the demo's history: what supervisors write at night, what they send the caretaker. */

export const OPENINGS = [
  'Rolig kveld på internatet.',
  'Stille og fin kveld. De fleste var på rommene sine etter kveldsmaten.',
  'Litt urolig i starten av kvelden, men det roet seg etter kl. 22.',
  'Mange var i gymsalen til den stengte kl. 21.30, ellers rolig.',
  'God stemning i fellesstua. Noen så fotballkamp til kl. 22.30.',
  'Travel kveld med lekselesing før prøvene i morgen.',
  'Rolig natt. Alle elevene var på plass ved dobbelttellingen.',
  'Fin kveld. Flere elever bakte boller på fellesstua sammen med miljøarbeideren.',
] as const;

export const EVENTS = [
  'To elever på rom 204 fikk beskjed om å dempe musikken etter kl. 23.',
  'Noen satt oppe i fellesstua etter leggetid og ble sendt på rommene kl. 23.15.',
  'Ytterdøra i gamlebygget sto ulåst ved runden. Låste den.',
  'Lyset sto på i klasserommene i hovedbygget. Slo det av.',
  'En elev ringte hjem og var lei seg. Vi tok en prat, og det gikk fint etterpå.',
  'Noen hadde bestilt pizza til døra kl. 22.45. Minnet dem på reglene for leggetid.',
  'Brannalarmen gikk kl. 21.40 på grunn av damp fra dusjen i 2. etasje. Alarmen ble stilt tilbake, alt i orden.',
  'Kjøkkenet på internatet var ikke ryddet etter kveldsmaten. Tok det opp med elevene på gangen.',
  'Hørte bråk fra rom 112 ved midnatt. Gikk bort, og det ble stille.',
  'En elev hadde glemt nøkkelkortet og ble sluppet inn kl. 22.10.',
] as const;

/** A line about a student who came back late (from training, a visit): {name} is a first name. */
export const LATE_RETURNS = [
  '{name} kom tilbake fra trening kl. 22.20, som avtalt med kontaktlæreren.',
  '{name} kom hjem fra besøk i byen kl. 21.55.',
] as const;

/** A line about a sick student: {name} is a first name. */
export const SICK_LINES = [
  '{name} (syk) fikk te og skiver på rommet.',
  'Så til {name}, som er syk. Hadde spist litt suppe og hadde det greit.',
  '{name} er fortsatt syk og sov da jeg gikk runden kl. 23.',
  '{name} (syk) ba om mer vann og en ekstra pute. Ordnet.',
] as const;

/** A line about those away: {who} is a class or a list of first names. */
export const AWAY_LINES = [
  '{who} er bortreist, så det var færre elever enn vanlig i internatet.',
  'Husk at {who} er bortreist. Talte riktig antall ved dobbelttellingen.',
] as const;

export const CLOSINGS = [
  'Tilsynstelefonen står på lading.',
  'Ellers ingenting å melde.',
  'Overlevert til dagvakten kl. 07.45.',
  'Ingen andre hendelser.',
  'Alt i orden ved siste runde.',
] as const;

/** What the office adds when it corrects a report (an Admin's edit, in Endringslogg). */
export const OFFICE_ADDITION = 'Tillegg fra kontoret: foreldrene er orientert, og saken er fulgt opp med kontaktlæreren.';

export const SICK_COMMENTS = [
  'Feber, holder seg på rommet',
  'Vondt i halsen',
  'Magesyke, bruker eget toalett i 2. etasje',
  'Hodepine, hviler',
  '',
  '',
] as const;

/** Cases for the caretaker, oldest first; how each ends is decided in demoPlan.ts. */
export const DEMO_CASES = [
  { roomNumber: '204', description: 'Kranen på badet drypper hele natta.' },
  { roomNumber: '112', description: 'Taklampa i gangen utenfor rommet blinker.' },
  { roomNumber: 'Kjelleren', description: 'Vaskemaskin nr. 2 starter ikke, viser feilkode E21.' },
  { roomNumber: '221', description: 'Eleven ønsker ny madrass, den gamle er sliten.' },
  { roomNumber: '310', description: 'Vinduet lar seg ikke lukke helt, det trekker kaldt.' },
  { roomNumber: '215', description: 'Dusjen renner dårlig av.' },
  { roomNumber: 'Fellesstua', description: 'Lyspæra over sofakroken er gått.' },
  { roomNumber: '108', description: 'Radiatoren blir ikke varm.' },
  { roomNumber: 'Gamlebygget', description: 'Ytterdøra går ikke i lås av seg selv.' },
  { roomNumber: 'Gymsalen', description: 'Nettet i den ene basketkurven har revnet.' },
  { roomNumber: '301', description: 'Brannvarsleren piper, trolig lavt batteri.' },
  { roomNumber: '118', description: 'Skapdøra har løsnet fra hengselet.' },
] as const;

export const REJECT_REASON = 'Nye madrasser bestilles av internatlederen, ikke av vaktmester. Ta det opp med kontoret.';

/** The round renamed halfway through the history (old ticks keep the old label). */
export const RENAMED_ROUND = { taskId: '5', label: 'Tilsynsrunde gamlebygg og gymsal' } as const;
