import type { Config } from './config';
import type { Db } from './db/client';
import { ValidationError } from './errors';
import { addOwnerSchema } from '../shared/schemas/owner';
import { addOwner, SIGN_IN_LINK_MINUTES } from './services/owner';

export const OWNER_USAGE = 'usage: npm run owner -- add EMAIL [--name "FULL NAME"]';

export interface OwnerCommandDeps {
  config: Pick<Config, 'adminEmails' | 'publicUrl'>;
  now: () => Date;
  /** Opens the database only once the arguments are known to be good (a typo costs no server start). */
  openDb: () => Promise<{ db: Db; close(): Promise<void> }>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Reads `add EMAIL [--name NAME | --name=NAME]`; a string is the sentence for the operator. */
export function parseOwnerArgs(argv: string[]): { email: string; name?: string } | string {
  const [sub, ...rest] = argv;
  if (sub !== 'add') return OWNER_USAGE;
  let email: string | undefined;
  let name: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--name') {
      if (rest[i + 1] === undefined) return '--name needs a value, e.g. --name "Alex Rivera"';
      name = rest[++i];
    } else if (arg.startsWith('--name=')) name = arg.slice('--name='.length);
    else if (arg.startsWith('-')) return `Unknown option ${arg}. ${OWNER_USAGE}`;
    else if (email === undefined) email = arg;
    else return `One email address at a time. ${OWNER_USAGE}`;
  }
  if (email === undefined) return OWNER_USAGE;
  return name === undefined ? { email } : { email, name };
}

/**
 * `npm run owner -- add EMAIL`: creates or promotes the owner's account and prints a one-time
 * sign-in link, so a fresh install gets its owner with no mail server. Returns the exit code:
 * 0 done, 1 bad input (an invalid address or name), 2 usage.
 */
export async function runOwnerCommand(argv: string[], deps: OwnerCommandDeps): Promise<number> {
  const args = parseOwnerArgs(argv);
  if (typeof args === 'string') {
    deps.err(args);
    return args.endsWith(OWNER_USAGE) ? 2 : 1;
  }
  const checked = addOwnerSchema.safeParse(args);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    deps.err(issue.path[0] === 'name' ? `${issue.message}: "${args.name}"` : `${issue.message}: "${args.email}"`);
    return 1;
  }
  const { db, close } = await deps.openDb();
  try {
    const owner = await addOwner({ db, config: deps.config, now: deps.now() }, checked.data);
    deps.out(owner.created ? `Created the account ${owner.email} (${owner.fullName}) as the owner.` : `${owner.email} (${owner.fullName}) is now the owner.`);
    deps.out(`Open this link within ${SIGN_IN_LINK_MINUTES} minutes (until ${owner.expiresAt.toISOString()}) to sign in; it works once:`);
    deps.out(`  ${owner.link}`);
    deps.out('Run this command again for a new link. To set a password, use "Forgot your password?" on the sign-in page.');
    return 0;
  } catch (err) {
    if (err instanceof ValidationError) {
      deps.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await close();
  }
}
