import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `runCases()` of the fixtures module at `fixtures` (a file URL), run in a child process whose
 * server time zone is `tz`: process.env.TZ is read once at start, so other server zones need
 * their own processes. The result comes back through JSON.
 */
export async function casesUnder(fixtures: URL, tz: string): Promise<unknown> {
  const script = `import(${JSON.stringify(fileURLToPath(fixtures))}).then((m) => process.stdout.write(JSON.stringify(m.runCases())))`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', script], { env: { ...process.env, TZ: tz }, timeout: 15_000 });
  return JSON.parse(stdout);
}
