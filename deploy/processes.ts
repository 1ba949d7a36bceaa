/**
 * Starts what a container would start, as a child process of the test, and waits for it. Each
 * test stops what it started, by its own handle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { cmd, finalStage, workdir } from './dockerfile.ts';
import { REPO_ROOT, readDockerfile } from './repo.ts';

export const runtime = finalStage(readDockerfile());

export interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  stdout: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the process if it still runs, and waits until it has. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export function startProcess(
  command: string[],
  options: { env: Record<string, string>; cwd?: string },
): RunningProcess {
  const [executable = 'node', ...args] = command;
  const child = spawn(executable, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return {
    child,
    output: () => output,
    stdout: () => stdout,
    exited,
    async stop(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Runs a command to its end and returns what it wrote to stdout; fails with the end of all it
 * wrote when it exits non-zero.
 */
export async function runToEnd(
  command: string[],
  options: { env: Record<string, string>; cwd?: string },
): Promise<string> {
  const running = startProcess(command, options);
  // 'close', not 'exit': the output is complete only once the pipes are.
  const [code, signal] = (await once(running.child, 'close')) as [
    number | null,
    NodeJS.Signals | null,
  ];
  if (code !== 0) {
    const ended = signal ?? `exit code ${code}`;
    throw new Error(
      `\`${command.join(' ')}\` ended with ${ended}:\n${running.output().slice(-6_000)}`,
    );
  }
  return running.stdout();
}

/** The image's CMD, run from the repository root as the container runs it from its WORKDIR. */
export function startContainerCommand(env: Record<string, string>): RunningProcess {
  return startProcess(cmd(runtime) ?? [], { env });
}

/** The file in this checkout that a path inside the image holds. */
export function inCheckout(imagePath: string): string {
  return path.join(REPO_ROOT, path.posix.relative(workdir(runtime) ?? '/', imagePath));
}

/** Polls `url` until it answers 2xx; fails with the process output if it never does. */
export async function waitUntilAnswering(
  running: RunningProcess,
  url: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) break;
    try {
      // A proxy in front (Docker's port forwarding) accepts the connection before anything
      // listens behind it, and the request may then never be answered: it is given up and retried.
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered:\n${running.output()}`);
}
