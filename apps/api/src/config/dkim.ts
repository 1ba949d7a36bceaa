import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What nodemailer's `dkim` option takes. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** PEM text of an RSA private key. */
  privateKey: string;
}

export interface DkimInput {
  domain: string | undefined;
  selector: string | undefined;
  /** PEM text, or the path of a file holding it. */
  privateKey: string | undefined;
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SELECTOR = /^[a-z0-9](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9](?:[a-z0-9_-]{0,62}))*$/i;
/** Receivers ignore signatures from shorter keys (RFC 8301). */
const MIN_RSA_BITS = 1024;

/**
 * Reads the three DKIM settings: all three or none. The key may be given inline (with real line
 * breaks, or `\n` as a one-line .env value allows) or as a file, which is read now so a missing or
 * broken key stops the start rather than silently sending unsigned mail (nodemailer sends the
 * message unsigned when signing fails). The key never appears in a problem message.
 */
export function readDkimSettings(
  input: DkimInput,
  cwd: string,
): { settings?: DkimSettings; problems: string[] } {
  const given = {
    DKIM_DOMAIN: input.domain,
    DKIM_SELECTOR: input.selector,
    DKIM_PRIVATE_KEY: input.privateKey,
  };
  const missing = Object.entries(given)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 3) return { problems: [] };
  if (missing.length > 0) {
    return {
      problems: [
        `DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set all three to sign mail, or none (missing: ${missing.join(', ')}).`,
      ],
    };
  }
  const domain = input.domain ?? '';
  const selector = input.selector ?? '';
  const problems: string[] = [];
  if (!DOMAIN.test(domain)) {
    problems.push(`DKIM_DOMAIN must be a domain name such as example.com (got "${domain}").`);
  }
  if (!SELECTOR.test(selector)) {
    problems.push(`DKIM_SELECTOR must be a DNS label such as mail or s2026 (got "${selector}").`);
  }
  const key = readKey(input.privateKey ?? '', cwd);
  if ('problem' in key) problems.push(key.problem);
  if (problems.length > 0 || !('pem' in key)) return { problems };
  return {
    settings: { domainName: domain.toLowerCase(), keySelector: selector, privateKey: key.pem },
    problems,
  };
}

function readKey(value: string, cwd: string): { pem: string } | { problem: string } {
  let pem: string;
  if (value.includes('-----BEGIN')) {
    pem = value.replace(/\\n/g, '\n');
  } else {
    const file = path.resolve(cwd, value);
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      return {
        problem: `DKIM_PRIVATE_KEY must be a PEM private key or the path of a file holding one (cannot read ${file}: ${code}).`,
      };
    }
  }
  try {
    const key = createPrivateKey(pem);
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (key.asymmetricKeyType !== 'rsa') {
      return {
        problem: `DKIM_PRIVATE_KEY must be an RSA key; nodemailer signs with rsa-sha256 only (got ${key.asymmetricKeyType ?? 'another kind'}).`,
      };
    }
    if (bits < MIN_RSA_BITS) {
      return {
        problem: `DKIM_PRIVATE_KEY is a ${bits}-bit RSA key; receivers ignore keys under ${MIN_RSA_BITS} bits (use 2048).`,
      };
    }
    return { pem: key.export({ type: 'pkcs8', format: 'pem' }).toString() };
  } catch {
    return { problem: 'DKIM_PRIVATE_KEY is not a readable PEM private key.' };
  }
}
