import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a loopback port that keeps every message it accepts, and a small reader of
 * what nodemailer sends (multipart MIME: the text part, the attachments), so a test reads an email
 * as the customer's mail program would.
 */

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export class KeepingSmtp {
  received: ReceivedMail[] = [];
  port = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The messages to `address`, read. */
  to(address: string): ParsedMail[] {
    return this.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));
  }
}

export interface MailPart {
  headers: Record<string, string>;
  body: Buffer;
}

export interface ParsedMail {
  subject: string;
  text: string;
  parts: MailPart[];
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Header lines (unfolded) to a lower-cased map, and the body after them. */
function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): Buffer {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (enc === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'utf8');
}

/** The leaf parts of a MIME entity, depth first. */
function leaves(raw: string): MailPart[] {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [{ headers, body: decode(body, headers['content-transfer-encoding']) }];
  const sections = body.split(`--${boundary}`).slice(1);
  return sections.filter((s) => !s.startsWith('--')).flatMap((s) => leaves(s.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
}

/** "=?UTF-8?Q?...?=" words of a header, decoded. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decode(text.replace(/_/g, ' '), 'quoted-printable').toString('utf8'),
  );
}

export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHeaders(raw);
  const parts = leaves(raw);
  const textPart = parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith('text/plain') && !/attachment/i.test(p.headers['content-disposition'] ?? ''));
  const attachments = parts
    .filter((p) => /attachment/i.test(p.headers['content-disposition'] ?? ''))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/i.exec(p.headers['content-disposition'])?.[1] ?? '',
      contentType: (p.headers['content-type'] ?? '').split(';')[0].trim(),
      content: p.body,
    }));
  return { subject: decodeWords(headers.subject ?? ''), text: textPart ? textPart.body.toString('utf8') : '', parts, attachments };
}

/** The text of a PDF, page by page joined, as pdf.js reads it (its legacy build runs in Node). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}
