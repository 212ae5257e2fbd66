/** Control characters and runs of blanks (line breaks in a cell too) become one space. */
export const cleanText = (value: string): string =>
  value
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\s\u0000-\u001f\u007f]+/gu, ' ')
    .trim();

/** How names, classes and ids compare: cleaned, and case does not count ('ola  NORDMANN' = 'Ola Nordmann'). */
export const compareKey = (value: string): string => cleanText(value).toLocaleLowerCase('nb');

export const nameKey = (firstName: string, lastName: string): string => `${compareKey(firstName)}\u0000${compareKey(lastName)}`;
