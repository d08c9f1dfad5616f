// Types of scripts/cluster.mjs for the TypeScript tests that start a cluster.
import type { ChildProcess } from 'node:child_process';

export type ClusterMember = {
  name: string;
  role: 'web' | 'worker';
  port: number;
  child: ChildProcess;
  exited: Promise<number | string | null>;
};

export type Cluster = {
  origin: string;
  webs: ClusterMember[];
  workers: ClusterMember[];
  restart(member: ClusterMember): Promise<void>;
  stop(): Promise<void>;
};

export function freePort(): Promise<number>;
export function haproxyAvailable(): boolean;
export function haproxyConfig(options: {
  host: string;
  port: number;
  webs: { name: string; port: number }[];
}): string;
export function startCluster(options?: {
  webs?: number;
  workers?: number;
  host?: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
  serverCommand?: string[];
  output?: (name: string, line: string) => void;
}): Promise<Cluster>;
