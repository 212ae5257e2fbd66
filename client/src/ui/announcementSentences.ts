/** What the live region says, in one place (issue 13). */
export const SENTENCES = {
  newCase: (rooms: string) => `Ny sak: ${rooms}`,
  roundTicked: (task: string, by: string) => `${by} har krysset av ${task}`,
  sickAdded: (name: string) => `${name} er lagt til som syk`,
  awayAdded: (name: string) => `${name} er lagt til som bortreist`,
  classAway: (className: string) => `Klasse ${className} er lagt til som bortreist`,
  userWaiting: (name: string) => `${name} venter på godkjenning`,
} as const;
