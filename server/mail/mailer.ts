import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export type Message = { to: string; subject: string; text: string; html: string; messageId: string; replyTo?: string };

/** Where mail goes: an SMTP server, or (development) an outbox folder a person can open. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: Message): Promise<void>;
  close(): void;
}

/**
 * Each message as an .eml file in `folder` (named by when and its id); any mail program opens it. The file is
 * written under a hidden `.part` name and renamed when whole, so whoever watches the folder never reads half a
 * message.
 */
export function outboxMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message, messageId: `<${message.messageId}>` });
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${message.messageId.replace(/[^\w.-]/g, '_')}.eml`;
      await writeFile(join(folder, `.${name}.part`), info.message as Buffer);
      await rename(join(folder, `.${name}.part`), join(folder, name));
    },
    close: () => transport.close(),
  };
}

/** Through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message, messageId: `<${message.messageId}>` });
    },
    close: () => transport.close(),
  };
}
