// A TCP port free on `host` (loopback unless named) right now, for a store or proxy started by a script.
import { createServer } from 'node:net';

export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
