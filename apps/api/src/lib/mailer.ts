// Outgoing mail (password reset, digests): through SMTP_URL when it is set, otherwise each message is
// written as an .eml file into OUTBOX_DIR, where a developer or an end-to-end test reads it.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { AuthConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (digests); clients without HTML show the text. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(config: Pick<AuthConfig, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(config.outboxDir, { recursive: true });
      // Sortable by time; ':' avoided so the names are valid on every file system.
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // A reset link is a secret: only the owner may read the outbox.
      await writeFile(join(config.outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}
