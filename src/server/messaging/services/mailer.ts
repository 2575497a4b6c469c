import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: { filename: string; contentType: string; content: string | Buffer }[];
}

export interface Mailer {
  /** Where mail goes, for the start-up log: "smtp://host:port" or the outbox folder. */
  readonly target: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each email becomes an .eml file under DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a hung mail server must not hold an outbox batch past its lease (2 min),
    // or another instance would take the emails over and send them twice. Query parameters of
    // SMTP_URL (e.g. ?socketTimeout=60000) still win.
    const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    const url = new URL(config.smtpUrl);
    return {
      target: `${url.protocol}//${url.host}`,
      async send(message) {
        await transport.sendMail({ ...message, html: message.html ?? undefined });
      },
      close: () => transport.close(),
    };
  }

  const dir = resolve(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: dir,
    async send(message) {
      const info = await transport.sendMail({ ...message, html: message.html ?? undefined });
      // The emails carry working links (reset, manage, review): the site's user alone reads them,
      // also in a folder an older version made with the default mode.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      // The random part keeps two emails to one address in the same millisecond apart.
      await writeFile(join(dir, `${stamp}-${randomBytes(3).toString('hex')}-${safeTo}.eml`), info.message as Buffer, { mode: 0o600, flag: 'wx' });
    },
    close: () => transport.close(),
  };
}
