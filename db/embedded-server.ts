/**
 * The embedded database: one process owns the PGlite data directory and serves it over the Postgres wire
 * protocol, so the web server, `astro build` and scripts can all connect with `pg` at the same time.
 * (Two processes opening one PGlite directory corrupt it silently.)
 */
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openPGlite } from './connect.ts';

export const DEFAULT_DATA_DIR = 'data/pglite';

export interface EmbeddedServer {
  port: number;
  stop(): Promise<void>;
}

/** True when something already accepts connections on the port (another process owns the database). */
export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export async function startEmbeddedServer(options: { dataDir?: string; port: number }): Promise<EmbeddedServer> {
  const dataDir = options.dataDir || DEFAULT_DATA_DIR;
  mkdirSync(dataDir, { recursive: true });
  const pglite = await openPGlite(dataDir);
  const server = new PGLiteSocketServer({ db: pglite, port: options.port, host: '127.0.0.1', maxConnections: 100 });
  await server.start();
  return {
    port: options.port,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
