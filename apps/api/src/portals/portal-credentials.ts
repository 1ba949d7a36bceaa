import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import path from 'node:path';
import { ensureDataKey } from '../store/data-key.ts';

/** The key the portals' logins are sealed with, a file of the data folder beside the database. */
export const PORTAL_KEY_FILE = 'portal-key';

const VERSION = 'v1';

/** The sealed login cannot be opened: the words say what the operator can do. */
export class PortalCredentialsError extends Error {
  override name = 'PortalCredentialsError';
}

export interface PortalCredentialSeal {
  seal(credentials: Readonly<Record<string, string>>): string;
  open(sealed: string): Record<string, string>;
}

/**
 * Seals a portal's login with AES-256-GCM under the data folder's portal key (made on first
 * use, readable by the server's user alone): the database, its backups and exports hold only
 * `v1:<iv>:<tag>:<ciphertext>`. A backup does not carry the key: a database restored into
 * another data folder needs each portal's login entered again.
 */
export function createPortalCredentialSeal(dataDir: string): PortalCredentialSeal {
  const file = path.join(dataDir, PORTAL_KEY_FILE);
  let key: Buffer | undefined;
  const keyOf = () => {
    key ??= ensureDataKey(
      file,
      (damaged) =>
        new PortalCredentialsError(
          `${damaged} is not a portal key (64 hex digits): restore it, or delete it and enter each portal's login again.`,
        ),
    );
    return key;
  };
  return {
    seal(credentials) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const sealed = Buffer.concat([
        cipher.update(JSON.stringify(credentials), 'utf8'),
        cipher.final(),
      ]);
      return [VERSION, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
        .join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      try {
        if (version !== VERSION || !iv || !tag || !data) throw new Error('not sealed');
        const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(data, 'base64')),
          decipher.final(),
        ]);
        return JSON.parse(plain.toString('utf8')) as Record<string, string>;
      } catch (error) {
        if (error instanceof PortalCredentialsError) throw error;
        throw new PortalCredentialsError(
          `The stored login cannot be opened with ${file} (the database was restored from another data folder, or the key changed): enter the source's login again.`,
        );
      }
    },
  };
}
