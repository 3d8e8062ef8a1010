/** Types of scripts/cluster-proxy.mjs, for the cluster tests and the benchmark that start it. */
export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Requests sent to each target so far, in the order of `targets`. */
  served: number[];
  close(): Promise<void>;
}

export function startRoundRobinProxy(options: { targets: string[]; port?: number; host?: string }): Promise<RoundRobinProxy>;
