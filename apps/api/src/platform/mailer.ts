import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Links in the mail, logged when no SMTP server is configured so local users can follow them. */
  links?: string[];
  /** Extra headers (e.g. `List-Unsubscribe`), given to nodemailer as they are; the memory mailer keeps them too. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** What nodemailer sends: the mail and its extra headers. */
const message = (from: string, mail: Mail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.headers ? { headers: mail.headers } : {}),
});

/**
 * SMTP when `SMTP_URL` is set; otherwise each mail is written to `<dataDir>/mail/<time>-<to>.eml`
 * and its links are logged, so verification and reset work on a machine without a mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(opts.from, mail));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const dir = path.join(opts.dataDir, "mail");
  return {
    async send(mail) {
      const info = await transport.sendMail(message(opts.from, mail));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${mail.to.replace(/[^a-z0-9@.-]/gi, "_")}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, links: mail.links, file }, "mail written to disk");
    },
  };
}

/** Keeps mails in memory; tests read verification and reset links from it. */
export function createMemoryMailer(): Mailer & { outbox: Mail[] } {
  const outbox: Mail[] = [];
  return {
    outbox,
    async send(mail) {
      outbox.push(mail);
    },
  };
}
