// The TOTP secrets at rest: AES-256-GCM under a key derived from the server's token signing key
// (JWT_SECRET, or the one kept in the `secrets` table: tokens.ts). A copy of the database alone
// (a backup, a dump) does not give anyone the codes of the staff's phones. Stored as
// "v1.<iv>.<tag>.<ciphertext>" (base64url). Rotating the signing key makes the stored secrets
// unreadable: those accounts then sign in with a recovery code and enrol again
// (docs/api/auth.md).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class TwoFactorSecretBox {
  readonly #key: Buffer;

  /** `material`: a secret string (TokenService.deriveSecret('two-factor-secret')). */
  constructor(material: string) {
    this.#key = createHash('sha256').update(`vitrine-totp-box:${material}`).digest();
  }

  seal(secretBase32: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const data = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /**
   * The base32 secret of a stored value; null when it cannot be read (another key, tampering).
   * A bare base32 value (no "v1." prefix) is read as it is, so rows written without the box work.
   */
  open(stored: string | null | undefined): string | null {
    if (!stored) return null;
    if (/^[A-Z2-7]+=*$/.test(stored)) return stored;
    const parts = stored.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) return null;
    try {
      const [iv, tag, data] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
