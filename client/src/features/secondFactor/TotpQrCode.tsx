import { useMemo } from 'react';
import { create } from 'qrcode';

/** White modules around the code, as the QR standard asks, so a phone's camera finds its edges. */
const QUIET_ZONE = 4;

/** One SVG path of every dark module: no canvas and no image file, so nothing leaves the page. */
function modulePath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
}

/**
 * The otpauth:// address as a QR code to scan with the authenticator app, drawn on this device
 * (the `qrcode` library, docs/decisions.md): the secret goes to no other service.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { size, path } = useMemo(() => modulePath(uri), [uri]);
  return (
    <svg
      className="totp-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR-kode for autentiseringsappen"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
