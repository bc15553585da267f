import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { isMainThread } from 'node:worker_threads';

/**
 * Puts the calling worker thread (a CSV import's parse and write, a SQLite checkpoint) below every
 * request, so that it takes the CPU only when the event loop does not want it. Linux keeps the
 * scheduling of each thread apart, so this lowers the thread alone; elsewhere, or on the main thread,
 * it does nothing.
 *
 * - Nice 19 (`os.setPriority`, whose default target is the calling thread on Linux).
 * - The SCHED_IDLE policy, through util-linux's `chrt` on the thread's own id: a nice-19 thread
 *   that holds a core when a request wakes the event loop keeps it until its time slice ends (the
 *   kernel's EEVDF scheduler lets the running thread reach its slice), a few milliseconds a
 *   request; an idle-policy thread is preempted at once by any other.
 *
 * Either may be refused (a sandbox, no `chrt`): the thread then runs as it was.
 */
export const yieldToRequests = () => {
  if (isMainThread || process.platform !== 'linux') return;
  try {
    os.setPriority(19);
  } catch {
    // Not permitted: the server's own priority.
  }
  try {
    const threadId = fs.readlinkSync('/proc/thread-self').split('/').pop();
    if (threadId) execFileSync('chrt', ['--idle', '--pid', '0', threadId], { stdio: 'ignore', timeout: 2_000 });
  } catch {
    // No chrt, or not permitted: nice 19 alone.
  }
};
