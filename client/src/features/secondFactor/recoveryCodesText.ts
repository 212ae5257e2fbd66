/** The one line that goes with the recovery codes wherever they are kept: printed, copied or saved. */
export function recoveryCodesExplanation(email: string): string {
  return `Gjenopprettingskoder for Tilsynsvakt (${email}). Hver kode virker én gang, i stedet for en kode fra autentiseringsappen.`;
}

/** The codes as plain text, the explanation first: what is copied and what the .txt file holds. */
export function recoveryCodesText(email: string, codes: readonly string[]): string {
  return [recoveryCodesExplanation(email), '', ...codes, ''].join('\n');
}

export const RECOVERY_CODES_FILE_NAME = 'tilsynsvakt-gjenopprettingskoder.txt';

/** Saves the text as a file through the browser's own download; it never goes to the server. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
