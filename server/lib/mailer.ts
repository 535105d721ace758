import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Locale } from '../../common/locales';
import { defineServerMessages, formatServer } from '../i18n/messages';

const m = defineServerMessages({
  pasteLink: { id: 'mail.pasteLink', defaultMessage: 'Or paste this address into your browser: {link}' },
});

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; logged in file mode so a developer can follow it. */
  link?: string;
  /** Where a reply goes, when not to the sender (a support request: the person who wrote it). */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of the scheduled report emails). */
  headers?: Record<string, string>;
  /** Files sent with the message (a quote's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to `<dataDir>/mail/` as an .eml
 * file and its link logged, so developers and browser tests can follow it.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string; log?: (line: string) => void }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo, headers: mail.headers, attachments: mail.attachments });
      },
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const log = opts.log ?? ((line: string) => console.log(line));
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo, headers: mail.headers, attachments: mail.attachments });
      fs.mkdirSync(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      log(`[mail] "${mail.subject}" to ${mail.to} → ${file}${mail.link ? `\n[mail] link: ${mail.link}` : ''}`);
    },
  };
}

/** Keeps sent mail in memory: for tests. */
export function createMemoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, async send(mail) { sent.push(mail); } };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Text a user chose (a district or person's name) made safe to show inside an email: it can never
 * become a link or pass for a web address, however a mail client auto-links plain text. "://" turns
 * into "[:]//" and a dot between letters or digits into "[.]" (the usual way to defang addresses), so
 * "verify at http://evil.example" reads "verify at http[:]//evil[.]example". Control characters and
 * line breaks become spaces, and the result is cut to 120 characters.
 */
export function defang(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uff0e](?=[\p{L}\p{N}])/gu, '[.]')
    .trim()
    .slice(0, 120);
}

/**
 * A user-chosen name for the body of an email: defanged and in quotation marks, so it reads as what
 * someone typed, never as Coachwell's own words. Never put one in a subject's first words or the sender.
 */
export function quoted(value: string): string {
  return `“${defang(value)}”`;
}

/** A plain, accessible transactional email around one call-to-action link; its texts already in `locale` (English by default). */
export function actionEmail(opts: { to: string; subject: string; intro: string; action: string; link: string; outro: string; locale?: Locale }): Mail {
  const text = `${opts.intro}\n\n${opts.action}: ${opts.link}\n\n${opts.outro}\n\n— Coachwell`;
  // English keeps its HTML as it always was; another language is named, for screen readers and translation tools.
  const lang = opts.locale && opts.locale !== 'en' ? ` lang="${opts.locale}"` : '';
  const html = `<!doctype html><html${lang}><body style="font-family:system-ui,sans-serif;color:#1c2b2b;line-height:1.5">
<p>${escapeHtml(opts.intro)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#0f6e6e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="font-size:14px;color:#4a5a5a">${escapeHtml(formatServer(opts.locale ?? 'en', m.pasteLink, { link: opts.link }))}</p>
<p style="font-size:14px;color:#4a5a5a">${escapeHtml(opts.outro)}</p><p>— Coachwell</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html, link: opts.link };
}

/**
 * A plain notice without a call to action (e.g. "your email is being changed"); its texts already in the reader's
 * language (the sign-off is Coachwell's name in any language).
 */
export function noticeEmail(opts: { to: string; subject: string; paragraphs: string[] }): Mail {
  const text = `${opts.paragraphs.join('\n\n')}\n\n— Coachwell`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c2b2b;line-height:1.5">
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}<p>— Coachwell</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}
