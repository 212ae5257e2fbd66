/**
 * Who the demo's history is about. The supervisors besides the demo login (Kari Tilsyn) have
 * accounts nobody can sign in to: their passwords are random and never shown.
 */
export const DEMO_COLLEAGUES = [
  { name: 'Lars Haugen', email: 'lars.haugen@demo.no' },
  { name: 'Siri Holm', email: 'siri.holm@demo.no' },
  { name: 'Tor Eriksen', email: 'tor.eriksen@demo.no' },
] as const;

/** The device each supervisor writes on, as 'Tidligere versjoner' names it (core/sessions/device.ts). */
export const DEMO_DEVICES = ['Safari på iPhone/iPad', 'Chrome på Android', 'Edge på Windows', 'Firefox på Android'] as const;
export const OFFICE_DEVICE = 'Edge på Windows';

/** The demo school's students (first names differ, as a report names a student by first name). */
export const DEMO_STUDENTS = [
  'Sofie Lien',
  'Jonas Dahl',
  'Emil Nilsen',
  'Nora Bakken',
  'Ida Moen',
  'Filip Eide',
  'Sara Hagen',
  'Oskar Lund',
  'Maja Strand',
  'Henrik Aas',
  'Thea Berg',
  'Mathias Vik',
  'Ola Nordmann',
] as const;

export const firstName = (student: string) => student.split(' ')[0]!;
