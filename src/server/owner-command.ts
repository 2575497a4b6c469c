import type { Config } from './config';
import type { Db } from './db/client';
import { NotFoundError, ValidationError } from './errors';
import { addOwnerSchema, removeOwnerSchema } from '../shared/schemas/owner';
import { addOwner, removeOwner, SIGN_IN_LINK_MINUTES } from './accounts';

export const OWNER_USAGE = 'usage: npm run owner -- add EMAIL [--name "FULL NAME"] | npm run owner -- remove EMAIL';

export interface OwnerCommandDeps {
  config: Pick<Config, 'adminEmails' | 'publicUrl'>;
  now: () => Date;
  /** Opens the database only once the arguments are known to be good (a typo costs no server start). */
  openDb: () => Promise<{ db: Db; close(): Promise<void> }>;
  out: (line: string) => void;
  err: (line: string) => void;
}

type OwnerArgs = { command: 'add'; email: string; name?: string } | { command: 'remove'; email: string };

/** Reads `add EMAIL [--name NAME | --name=NAME]` or `remove EMAIL`; a string is the sentence for the operator. */
export function parseOwnerArgs(argv: string[]): OwnerArgs | string {
  const [sub, ...rest] = argv;
  if (sub === 'remove') {
    const [email, ...more] = rest;
    if (email === undefined || email.startsWith('-')) return email === undefined ? OWNER_USAGE : `Unknown option ${email}. ${OWNER_USAGE}`;
    if (more.length) return more[0]!.startsWith('-') ? `Unknown option ${more[0]}. ${OWNER_USAGE}` : `One email address at a time. ${OWNER_USAGE}`;
    return { command: 'remove', email };
  }
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
  return name === undefined ? { command: 'add', email } : { command: 'add', email, name };
}

/**
 * `npm run owner -- remove EMAIL`: the owner becomes a customer, account and bookings kept; its
 * sessions lose admin at their next request. An address ADMIN_EMAILS lists stays admin by the
 * list (this command reads the same setting as the site): it says so and exits 1.
 */
async function runRemove(email: string, deps: OwnerCommandDeps): Promise<number> {
  const checked = removeOwnerSchema.safeParse({ email });
  if (!checked.success) {
    deps.err(`${checked.error.issues[0]!.message}: "${email}"`);
    return 1;
  }
  const { db, close } = await deps.openDb();
  try {
    const removed = await removeOwner({ db, config: deps.config }, checked.data);
    const who = `${removed.email} (${removed.fullName})`;
    if (removed.isListed) {
      if (removed.wasMadeOwner) deps.out(`${who} is no longer an owner made with this command.`);
      deps.err(
        `ADMIN_EMAILS still lists ${removed.email}, which keeps it admin: take it out of ADMIN_EMAILS and restart the site; its sessions lose admin with their next request then.`,
      );
      return 1;
    }
    if (!removed.wasMadeOwner && !removed.wasAdmin) {
      deps.out(`${who} is not an owner; nothing changed.`);
      return 0;
    }
    deps.out(`${who} is no longer an owner: the account and its bookings stay, as a customer's, and its open sessions lost admin with their next request.`);
    return 0;
  } catch (err) {
    if (err instanceof NotFoundError || err instanceof ValidationError) {
      deps.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await close();
  }
}

/**
 * `npm run owner -- add EMAIL`: creates or promotes the owner's account and prints a one-time
 * sign-in link, so a fresh install gets its owner with no mail server. `remove EMAIL`: see
 * runRemove. Returns the exit code: 0 done, 1 bad input (an invalid address or name, an unknown
 * account, an address ADMIN_EMAILS keeps admin), 2 usage.
 */
export async function runOwnerCommand(argv: string[], deps: OwnerCommandDeps): Promise<number> {
  const args = parseOwnerArgs(argv);
  if (typeof args === 'string') {
    deps.err(args);
    return args.endsWith(OWNER_USAGE) ? 2 : 1;
  }
  if (args.command === 'remove') return runRemove(args.email, deps);
  const checked = addOwnerSchema.safeParse({ email: args.email, name: args.name });
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
