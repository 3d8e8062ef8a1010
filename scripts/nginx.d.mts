/** Types of scripts/nginx.mjs, for the cluster tests and the bench that start nginx in front of the processes. */
export interface Nginx {
  url: string;
  port: number;
  /** The master process's pid. */
  pid: number;
  /** The master's and its workers' pids, now. */
  pids(): number[];
  /** Requests answered by each target so far, in the order of `targets` (all 0 unless started with `logUpstreams`). */
  served(): number[];
  /** nginx's error log so far. */
  errorLog(): string;
  close(): Promise<void>;
}

export const proxyLocations: string;
export const nginxBinary: string;
export function nginxConfig(options: { dir: string; targets: string[]; port: number; host: string; workers: number; logUpstreams?: boolean }): string;
export function startNginx(options: { targets: string[]; port?: number; host?: string; workers?: number; logUpstreams?: boolean }): Promise<Nginx>;
