import { ensureTestBuild } from '../helpers/build';

/** Builds the site once before any case starts it, so no case spends its time limit building. */
export default async function setup() {
  await ensureTestBuild();
}
