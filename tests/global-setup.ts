import { ensureTemplate } from './helpers/template';

export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await ensureTemplate();
}
