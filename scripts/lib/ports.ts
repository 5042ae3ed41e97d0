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

/** Below Linux's default ephemeral range (32768-60999), where the OS never hands out ports to `listen(0)`. */
const RESERVED_RANGE = { from: 20_000, to: 32_000 };

/**
 * A free port that stays free while the caller is slow to bind it (e.g. `netlify serve` binds its ports only
 * after a build of minutes): outside the ephemeral range, so no other process's `listen(0)` can take it meanwhile.
 */
export async function freePortOutsideEphemeralRange(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = RESERVED_RANGE.from + Math.floor(Math.random() * (RESERVED_RANGE.to - RESERVED_RANGE.from));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${RESERVED_RANGE.from} and ${RESERVED_RANGE.to}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
