import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export type Secrets = { totpKey: Buffer; tokenSecret: Buffer };

const decode = (name: string, value: string): Buffer => {
  const buf = Buffer.from(value, 'base64');
  if (buf.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded`);
  return buf;
};

/**
 * The server's keys: from the environment when set (required in production, and whenever
 * several instances share a database), else generated once into a file beside the data.
 */
export function loadSecrets(config: Config): Secrets {
  if (config.TOTP_ENCRYPTION_KEY && config.AUTH_TOKEN_SECRET) {
    return {
      totpKey: decode('TOTP_ENCRYPTION_KEY', config.TOTP_ENCRYPTION_KEY),
      tokenSecret: decode('AUTH_TOKEN_SECRET', config.AUTH_TOKEN_SECRET),
    };
  }
  if (config.APP_ENV === 'production') {
    throw new Error('TOTP_ENCRYPTION_KEY and AUTH_TOKEN_SECRET must be set in production');
  }
  const file = config.SECRETS_FILE ?? path.join(config.DATA_DIR, 'secrets.json');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const fresh = {
      totpKey: randomBytes(32).toString('base64'),
      tokenSecret: randomBytes(32).toString('base64'),
    };
    writeFileSync(file, JSON.stringify(fresh), { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { totpKey: string; tokenSecret: string };
  return {
    totpKey: decode('totpKey', stored.totpKey),
    tokenSecret: decode('tokenSecret', stored.tokenSecret),
  };
}
