// Peak memory of the app and its database while the load runs, sampled from /proc (Linux).
// App: VmRSS of each app process (scripts/start.mjs imports the server, so the spawned node is
// the app). Database: PSS (smaps_rollup) summed over the postgres processes, because their RSS
// each count the shared buffers again.
import { readdirSync, readFileSync } from 'node:fs';

const SAMPLE_MS = 250;

function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
}

/** A `kB` field of /proc/PID/status or smaps_rollup, in bytes; 0 when the process is gone. */
function kbField(text, field) {
  const match = text && new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) * 1024 : 0;
}

function children(pid) {
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  // Any thread may have spawned a child; each task lists its own.
  return tasks.flatMap((tid) => (readProc(pid, `task/${tid}/children`) ?? '').split(' ').filter(Boolean).map(Number));
}

/** The roots and every process below them. */
export function processTree(roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const pid = queue.pop();
    if (seen.has(pid)) continue;
    seen.add(pid);
    queue.push(...children(pid));
  }
  return [...seen];
}

const isPostgres = (pid) => readProc(pid, 'comm')?.trim() === 'postgres';

const newPeak = () => ({ app: 0, db: 0, sum: 0, dbProcesses: 0 });

function raise(peak, app, db, dbProcesses) {
  peak.app = Math.max(peak.app, app);
  peak.db = Math.max(peak.db, db);
  peak.sum = Math.max(peak.sum, app + db);
  peak.dbProcesses = Math.max(peak.dbProcesses, dbProcesses);
}

/**
 * Samples every 250 ms until `stop()`, which returns the peaks in bytes (app, db, and the largest
 * app + db seen in one sample) over the whole time and per phase (`phase(name)` starts one).
 * `dbRoots()` names the processes whose postgres tree is the database; `excluded()` the pids to
 * leave out (backends of other databases on a shared server).
 */
export function startMemorySampler({ appPids, dbRoots, excluded = () => new Set() }) {
  const all = newPeak();
  const phases = [];
  const sample = () => {
    const app = appPids.reduce((sum, pid) => sum + kbField(readProc(pid, 'status'), 'VmRSS'), 0);
    const skip = excluded();
    const dbPids = processTree(dbRoots()).filter((pid) => !skip.has(pid) && isPostgres(pid));
    const db = dbPids.reduce((sum, pid) => sum + kbField(readProc(pid, 'smaps_rollup'), 'Pss'), 0);
    raise(all, app, db, dbPids.length);
    if (phases.length > 0) raise(phases[phases.length - 1].peak, app, db, dbPids.length);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    phase(name) {
      phases.push({ name, peak: newPeak() });
    },
    stop() {
      clearInterval(timer);
      sample();
      return { all, phases };
    },
  };
}
