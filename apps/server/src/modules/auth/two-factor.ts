import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD_S = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, issuer: string, label: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** What the setup screen shows: the otpauth URI, its QR code and the secret itself. */
export async function setupMaterial(secret: string, issuer: string, label: string) {
  const uri = totp(secret, issuer, label).toString();
  return { otpauthUri: uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 220 }), secret };
}

/**
 * The time step a code belongs to, accepting one step either side (clock drift), or null.
 * The caller accepts a step only once, so a code cannot be replayed.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, 'x', 'x').validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** The current code (tests and the demo use it the way an authenticator app would). */
export function currentCode(secret: string, now = Date.now()): string {
  return totp(secret, 'x', 'x').generate({ timestamp: now });
}
