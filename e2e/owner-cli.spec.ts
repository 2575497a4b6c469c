import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './config';
import { uniqueEmail } from './helpers/site';

const run = promisify(execFile);

/** `npm run owner -- add …` as the operator runs it: the built command, against the running site's DATA_DIR. */
async function ownerCommand(...args: string[]) {
  const cli = join(process.env.DIST_DIR ?? 'dist', 'server', 'cli.js');
  return run(process.execPath, [cli, 'owner', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: E2E_BASE_URL, DATABASE_URL: '', ADMIN_EMAILS: '' },
    timeout: 30_000,
  });
}

test('the printed link signs the new owner in on /admin once; used again it says so on the sign-in page', async ({ page }) => {
  const email = uniqueEmail('cli-owner');
  const { stdout } = await ownerCommand('add', email, '--name', 'Casey Owner');
  expect(stdout).toContain(`Created the account ${email} (Casey Owner) as the owner.`);
  const link = /https?:\/\/\S+\/api\/auth\/sign-in-link\?token=[\w-]+/.exec(stdout)?.[0];
  expect(link, stdout).toBeTruthy();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Business Admin' })).toBeVisible();
  await expect(page.getByText(/^Signed in as Casey Owner\./)).toBeVisible();

  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/login\?signInLink=invalid$/);
  await expect(page.getByRole('alert')).toContainText('That sign-in link has expired or was already used.');
});

test('an invalid address exits with code 1 and a sentence', async () => {
  await expect(ownerCommand('add', 'not-an-email')).rejects.toMatchObject({ code: 1, stderr: 'Please enter a valid email address: "not-an-email"\n' });
});
