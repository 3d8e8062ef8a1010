/** Types of scripts/bench-load.mjs, the load generator of the benchmark's HTTP goals. */
export interface Request {
  /** GET unless said. */
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Sent with its Content-Length. */
  body?: string;
}

/** A step of a mix. `Context` is the connection's, empty at the start of each round of the mix. */
export interface Step<Context extends object = Record<string, unknown>> extends Request {
  /** What of the request is made as it is sent; its headers are added to the step's. */
  setup?: (context: Context) => Request;
  /** Called with the answer's status and its body, decoded as text when `body()` is called. */
  onResponse?: (status: number, body: () => string, context: Context) => void;
}

interface Common {
  url: string;
  connections: number;
  seconds: number;
  /** Sent with every request. */
  headers?: Record<string, string>;
  /** A request that waits this long with nothing received is an error (none by default). */
  timeoutSeconds?: number;
  /**
   * Requests per second in all, due at fixed times whether or not the server keeps up (an open load); latency counts
   * from when each was due. Without it, each connection sends its next request as the answer before it ends.
   */
  rate?: number;
}

export interface PathsLoad extends Common {
  /** GETs, asked in turn by each connection, each starting at its own offset. */
  paths: string[];
  requests?: undefined;
}

export interface MixLoad<Context extends object> extends Common {
  /** Run in order by each connection, from the first step, again and again. */
  requests: Step<Context>[];
  paths?: undefined;
}

export interface LoadResult {
  /** Responses completed within the time, per second. */
  rps: number;
  /** Latency percentiles of those responses, in milliseconds (fractions kept). */
  p50: number;
  p99: number;
  /** Bytes received per second: heads and bodies as sent, not decoded. */
  bytes: number;
  answered: number;
  /** Answers whose status is not 2xx (a redirect among them). */
  non2xx: number;
  /** Connections that failed, and requests lost with a connection the server closed. */
  errors: number;
}

export function load<Context extends object>(options: PathsLoad | MixLoad<Context>): Promise<LoadResult>;
/** A load of paths only: a mix's functions cannot be sent to a worker thread. */
export function loadInWorker(options: PathsLoad): Promise<LoadResult>;
