// Types of cluster.mjs for the TypeScript tests that drive it (tests/cluster).
import type { ChildProcess } from 'node:child_process';

export interface Exit {
  name: string;
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the supervisor saw it. */
  at: number;
  /** Asked for (stop, restart, the cluster stopping), not a crash. */
  planned: boolean;
}

export interface ServerState {
  name: string;
  /** HAProxy's words: 'UP', 'DOWN', 'UP 1/3' (going down), 'DOWN 1/2' (coming back), 'MAINT', … */
  status: string;
  sessions: number;
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:<port>, the instance itself, not through HAProxy. */
  readonly url: string;
  readonly pid: number | undefined;
  readonly alive: boolean;
  readonly healthy: boolean;
  readonly child: ChildProcess | null;
  readonly lastExit: Exit | null;
  start(): Promise<void>;
  stop(): Promise<Exit>;
  restart(): Promise<Exit>;
  waitUp(timeoutMs?: number): Promise<void>;
  waitInRotation(timeoutMs?: number): Promise<void>;
  kill(signal: NodeJS.Signals): void;
}

export interface Cluster {
  /** http://host:port: HAProxy. */
  readonly url: string;
  readonly instances: Instance[];
  readonly exits: Exit[];
  readonly haproxy: ChildProcess | null;
  readonly done: Promise<void>;
  serverStates(): Promise<ServerState[]>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  dataDir: string;
  instances?: number;
  host?: string;
  port?: number;
  instancePorts?: number[];
  env?: Record<string, string>;
  logDir?: string;
  restartDelayMs?: number | null;
  say?: (line: string) => void;
}

export function startCluster(options: ClusterOptions): Promise<Cluster>;
export function freePorts(count: number): Promise<number[]>;
