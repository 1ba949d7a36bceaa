import type { Response } from 'express';

/**
 * An answer that carries its own Content-Security-Policy: the server's headers keep it instead
 * of the page's or the subresource's policy (`http/security-headers.ts` reads the mark).
 */
export const OWN_POLICY = 'ownPolicy';

export function setOwnPolicy(res: Response, policy: string): void {
  res.locals[OWN_POLICY] = policy;
  res.setHeader('Content-Security-Policy', policy);
}
