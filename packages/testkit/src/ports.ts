import { createServer, type AddressInfo } from 'node:net';

/**
 * A loopback port nobody listens on right now (the OS picks it), for a server a test brings up
 * later or brings back on the same port.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
