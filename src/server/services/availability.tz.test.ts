import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCases } from './availability.fixtures';

const run = promisify(execFile);
const fixtures = fileURLToPath(new URL('./availability.fixtures.ts', import.meta.url));

/** process.env.TZ is read once at start, so other server zones need their own processes. */
async function casesUnder(tz: string): Promise<unknown> {
  const script = `import(${JSON.stringify(fixtures)}).then((m) => process.stdout.write(JSON.stringify(m.runCases())))`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', script], { env: { ...process.env, TZ: tz }, timeout: 15_000 });
  return JSON.parse(stdout);
}

describe('the engine does not depend on the server time zone', () => {
  it('gives the same slots under TZ=UTC, Asia/Tokyo and America/New_York as here', async () => {
    const here = JSON.parse(JSON.stringify(runCases()));
    const [utc, tokyo, newYork] = await Promise.all([casesUnder('UTC'), casesUnder('Asia/Tokyo'), casesUnder('America/New_York')]);
    expect(utc).toEqual(here);
    expect(tokyo).toEqual(here);
    expect(newYork).toEqual(here);
    // And the reference itself is right, so "equal" cannot mean "equally wrong".
    expect((here as { starts: string[] }).starts).toEqual(['2026-03-08T16:00:00.000Z', '2026-11-01T17:00:00.000Z']);
  });
});
