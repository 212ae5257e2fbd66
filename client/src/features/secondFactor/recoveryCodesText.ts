/** The one line that goes with the recovery codes wherever they are kept: printed, copied or saved. */
export function recoveryCodesExplanation(email: string): string {
  return `Gjenopprettingskoder for Tilsynsvakt (${email}). Hver kode virker én gang, i stedet for en kode fra autentiseringsappen.`;
}

/** The codes as plain text, the explanation first: what is copied and what the .txt file holds. */
export function recoveryCodesText(email: string, codes: readonly string[]): string {
  return [recoveryCodesExplanation(email), '', ...codes, ''].join('\n');
}

export const RECOVERY_CODES_FILE_NAME = 'tilsynsvakt-gjenopprettingskoder.txt';
