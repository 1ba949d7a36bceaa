import type { RunningServer } from '../../src/start-server.ts';

/** The server's own listener, for tests that need raw HTTP rather than supertest. */
export type Listening = Pick<RunningServer, 'server' | 'port' | 'url'>;

export type FormPairs = ReadonlyArray<readonly [string, string]>;

/** Field names as a browser writes them in multipart: quotes and line breaks percent-encoded. */
function multipartName(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function multipartBody(pairs: FormPairs, boundary: string): Buffer {
  const parts = pairs.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${multipartName(name)}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8');
}

/** Percent-encodes the UTF-8 bytes; a lone surrogate becomes U+FFFD, as a browser sends it. */
function formEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9*\-._]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

export function urlencodedBody(pairs: FormPairs): string {
  return pairs.map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`).join('&');
}
