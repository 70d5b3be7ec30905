// What the supervisor needs of any child process: starting it with its output somewhere useful,
// saying how it ended, and asking an HTTP service whether it is healthy.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** GET <url>/api/health answered 200 (within 2 s). */
export async function healthy(url) {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * A child in its own process group (detached), so Ctrl+C reaches only the supervisor, which
 * stops the instances first and HAProxy last instead of everything at once. Its output goes to
 * logDir/<name>.log (a file: a busy reader of a pipe would slow the server's writes), or, without
 * logDir, to ours with a [name] prefix.
 */
export function spawnChild(name, command, args, options, logDir) {
  if (logDir) {
    const fd = openSync(join(logDir, `${name}.log`), 'a');
    const child = spawn(command, args, { ...options, stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    return child;
  }
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: from }).on('line', (line) => to.write(`[${name}] ${line}\n`));
  }
  return child;
}

export function describeExit({ code, signal }) {
  return signal ? `signal ${signal}` : `code ${code}`;
}
