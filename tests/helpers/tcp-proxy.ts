import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL server that a test can break: cut it (every connection
 * dropped, new ones refused, as a stopped server does), restore it on the same port, or drop
 * the connection of the next BEGINs the way a server that goes away mid-request would.
 */
export interface TcpProxy {
  port: number;
  /** Connections currently open through the proxy. */
  openConnections(): number;
  /** Drops every connection and refuses new ones until restore(). */
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Drops the connection that sends each of the next `count` BEGIN statements; resolves the count dropped so far. */
  failBegins(count: number): void;
  beginsFailed(): number;
  close(): Promise<void>;
}

/** True when a client→server chunk carries a simple-protocol query starting with BEGIN. */
function sendsBegin(chunk: Buffer): boolean {
  for (let i = 0; i + 5 < chunk.length; ) {
    const type = chunk[i];
    const length = chunk.readUInt32BE(i + 1);
    if (type === 0x51 /* 'Q' */ && /^\s*begin\b/i.test(chunk.toString('utf8', i + 5, Math.min(i + 1 + length, i + 64)))) return true;
    if (length < 4) return false;
    i += 1 + length;
  }
  return false;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let beginsToFail = 0;
  let beginsFailed = 0;
  let port = 0;
  let server: Server;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        const pair = { client, upstream };
        pairs.add(pair);
        const drop = () => {
          pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        upstream.on('data', (chunk: Buffer) => client.write(chunk));
        client.on('data', (chunk: Buffer) => {
          if (beginsToFail > 0 && sendsBegin(chunk)) {
            beginsToFail--;
            beginsFailed++;
            // As if the server vanished right then: the client sees its connection reset.
            client.resetAndDestroy();
            upstream.destroy();
            return;
          }
          upstream.write(chunk);
        });
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    });

  await listen();
  let isCut = false;
  return {
    get port() {
      return port;
    },
    openConnections: () => pairs.size,
    async cut() {
      if (isCut) return;
      isCut = true;
      await stop();
    },
    async restore() {
      if (!isCut) return;
      await listen();
      isCut = false;
    },
    failBegins(count) {
      beginsToFail = count;
    },
    beginsFailed: () => beginsFailed,
    async close() {
      if (!isCut) await stop();
      isCut = true;
    },
  };
}
