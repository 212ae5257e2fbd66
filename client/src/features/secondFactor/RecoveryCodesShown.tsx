import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { RECOVERY_CODE_COUNT } from '#protocol/secondFactor';
import { useCurrentUser } from '../../stores/authStore';
import { copyText } from '../../ui/copyText';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesExplanation, recoveryCodesText } from './recoveryCodesText';
import { downloadFile } from '../../ui/downloadFile';

/**
 * The recovery codes, shown this once, with the three ways the text asks for to keep them: copy,
 * print (a sheet of the codes and one line, nothing else of the page) and download as a .txt file.
 */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { email } = useCurrentUser();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesText(email, codes);
  return (
    <div className="totp-recovery" data-testid="totp-recovery">
      <h3 ref={heading} tabIndex={-1} className="totp-recovery-title">
        Autentiseringsappen er slått på. Ta vare på gjenopprettingskodene
      </h3>
      <p>
        Hvis du mister telefonen, kan du logge inn med én av disse {RECOVERY_CODE_COUNT} kodene i stedet for en kode fra appen. Hver kode
        virker én gang. De vises bare nå: skriv dem ut eller lagre dem et trygt sted.
      </p>
      <ul className="totp-codes" data-testid="totp-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="totp-recovery-actions">
        <button type="button" className="button button-secondary" onClick={() => void copyText(text)} data-testid="totp-recovery-copy">
          Kopier kodene
        </button>
        <button type="button" className="button button-secondary" onClick={() => window.print()} data-testid="totp-recovery-print">
          Skriv ut
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => downloadFile(RECOVERY_CODES_FILE_NAME, text, 'text/plain;charset=utf-8')}
          data-testid="totp-recovery-download"
        >
          Last ned (.txt)
        </button>
      </div>
      <button type="button" className="button" onClick={onDone} data-testid="totp-recovery-done">
        Jeg har tatt vare på kodene
      </button>
      {createPortal(<RecoveryCodesPrintSheet email={email} codes={codes} />, document.body)}
    </div>
  );
}

/** Hidden on screen; in print it is all there is (secondFactor.css). */
function RecoveryCodesPrintSheet({ email, codes }: { email: string; codes: string[] }) {
  return (
    <div className="recovery-print-sheet" data-testid="totp-recovery-print-sheet">
      <p>{recoveryCodesExplanation(email)}</p>
      <ul>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
