/**
 * A TCP proxy between the app and the machine's PostgreSQL server, which other test files share and which is
 * therefore never restarted or stalled itself: the proxy drops every connection and refuses new ones for a while
 * (a restart), or stops its connections from carrying anything without closing them (a server that hangs).
 */
import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

export class FaultProxy {
  private readonly server = net.createServer((client) => this.forward(client));
  private readonly pairs = new Set<Pair>();
  /** Connections opened while set carry nothing either. */
  private freezingNew = false;
  port = 0;

  private constructor(private readonly target: URL) {}

  /** A proxy listening on a free port of 127.0.0.1, in front of the database of `databaseUrl`. */
  static async before(databaseUrl: string): Promise<FaultProxy> {
    const proxy = new FaultProxy(new URL(databaseUrl));
    await proxy.listen(0);
    proxy.port = (proxy.server.address() as net.AddressInfo).port;
    return proxy;
  }

  /** The database URL through the proxy. */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  private forward(client: net.Socket): void {
    const upstream = net.connect(Number(this.target.port || 5432), this.target.hostname);
    const pair = { client, upstream };
    this.pairs.add(pair);
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    if (this.freezingNew) return this.stall(pair);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private stall({ client, upstream }: Pair): void {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }

  /** The connections open now stop carrying anything, and so do new ones when `newConnections` is set. */
  freeze(options: { newConnections?: boolean } = {}): void {
    this.freezingNew = options.newConnections ?? false;
    for (const pair of this.pairs) this.stall(pair);
  }

  /** Cuts every connection, refuses new ones (nothing listens) for `downMs`, then accepts again. */
  async restart(downMs: number): Promise<void> {
    this.server.close();
    this.destroyAll();
    await new Promise((r) => setTimeout(r, downMs));
    await this.listen(this.port);
  }

  async stop(): Promise<void> {
    this.destroyAll();
    await new Promise<void>((resolve) => (this.server.listening ? this.server.close(() => resolve()) : resolve()));
  }

  private destroyAll(): void {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }
}
