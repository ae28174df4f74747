// Types of what the API imports from processes.mjs (the embedded media worker's supervision).
import type { ChildProcess } from "node:child_process";

export interface Supervised {
  readonly child: ChildProcess | undefined;
  stop(): Promise<void>;
}

export function supervise(
  name: string,
  start: () => ChildProcess,
  opts?: {
    first?: ChildProcess;
    log?: (line: string) => void;
    minDelayMs?: number;
    maxDelayMs?: number;
    resetAfterMs?: number;
    onStartupFailure?: (child: ChildProcess) => void;
  },
): Supervised;

export function startWorker(env: Record<string, string | undefined>, opts?: { stdio?: unknown }): ChildProcess;
export function stop(child: ChildProcess | undefined, graceMs?: number): Promise<void>;
export function failedToStart(child: ChildProcess | undefined): boolean;
export const root: string;
