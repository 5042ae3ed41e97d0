import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, chosen by the OS.
 * The port is released before it is returned, so a caller that loses the race to another process should retry.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('the OS gave no port'))));
    });
  });
}
