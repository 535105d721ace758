// A loopback port for a server a test or script starts (the browser tests' harness, the two-process test,
// `npm start`'s test, the throwaway PostgreSQL server): one helper, so each asks the system the same way.
import net from 'node:net';

/** A loopback port nothing listens on now (another process may still take it before ours listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
