/**
 * A minimal WebSocket -> TCP proxy, so that Neon's serverless driver (which only speaks Postgres over WebSockets)
 * can reach a local PostgreSQL server. Each WebSocket connection to `/?address=host:port` gets its own TCP socket;
 * binary frames are piped both ways unchanged. Neon runs the same kind of proxy in front of its databases.
 *
 * Only loopback targets are accepted: this is a test tool, not an open relay.
 */
import net from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

export interface WsProxy {
  /** e.g. `ws://127.0.0.1:40123`; clients connect to `${url}/?address=host:port`. */
  url: string;
  /**
   * `127.0.0.1:40123`: the form Neon's `neonConfig.wsProxy` (and so NEON_WS_PROXY) takes, since the driver adds the
   * ws:// or wss:// scheme itself.
   */
  address: string;
  port: number;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export async function startWsProxy(options: { port?: number } = {}): Promise<WsProxy> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const sockets = new Set<net.Socket>();

  wss.on('connection', (ws, request) => {
    const target = parseTarget(request.url);
    if (!target) {
      ws.close(1008, 'expected ?address=<loopback host>:<port>');
      return;
    }
    const tcp = net.connect(target);
    sockets.add(tcp);
    tcp.setNoDelay(true);
    // Writes made before the TCP connection is up are buffered by net.Socket, so no queue is needed here.
    ws.on('message', (data: RawData) => tcp.write(toBuffer(data)));
    tcp.on('data', (chunk) => {
      if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
    });
    const closeBoth = () => {
      sockets.delete(tcp);
      tcp.destroy();
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
    };
    tcp.on('close', closeBoth);
    tcp.on('error', closeBoth);
    ws.on('close', closeBoth);
    ws.on('error', closeBoth);
  });

  const port = (wss.address() as net.AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    address: `127.0.0.1:${port}`,
    port,
    async close() {
      // wss.close() leaves open clients alone; end them so the server (and the process) can exit.
      for (const client of wss.clients) (client as WebSocket).terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function parseTarget(requestUrl: string | undefined): { host: string; port: number } | null {
  const address = new URL(requestUrl ?? '/', 'ws://proxy').searchParams.get('address');
  const match = address?.match(/^(.+):(\d+)$/);
  if (!match) return null;
  const host = match[1]!;
  const port = Number(match[2]);
  if (!LOOPBACK.has(host) || port < 1 || port > 65535) return null;
  return { host: host.replace(/^\[(.*)\]$/, '$1'), port };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
