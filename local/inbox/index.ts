import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { persistedFile, type PersistedFile } from '../persistence';

/** The local inbox: every e-mail the local cloud "sends" lands here, kept under .local/. */
export interface Mail {
  id: number;
  to: string;
  subject: string;
  html: string;
  /** The sender and plain-text part, for mails the SES stand-in delivered (Cognito's have neither). */
  from?: string;
  text?: string;
  sentAt: string;
}

export class Inbox {
  private mails: Mail[] = [];
  private readonly store: PersistedFile<Mail[]>;

  constructor(dataDir: string) {
    this.store = persistedFile<Mail[]>(path.join(dataDir, 'inbox.json'), { debounceMs: 100, snapshot: () => this.mails.slice(-500) });
    this.mails = this.store.loaded ?? [];
  }

  /** Writes what is pending (on stop). */
  close(): void {
    this.store.close();
  }

  deliver(to: string, subject: string, html: string, extra: { from?: string; text?: string } = {}): Mail {
    const mail = { id: (this.mails.at(-1)?.id ?? 0) + 1, to, subject, html, ...extra, sentAt: new Date().toISOString() };
    this.mails.push(mail);
    this.store.saveSoon();
    return mail;
  }

  list(to?: string): Mail[] {
    const wanted = to?.toLowerCase();
    return this.mails.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
  }

  /** GET /_local/inbox (page), GET /_local/inbox/messages?to= (JSON, for tests). */
  handle(req: IncomingMessage, res: ServerResponse, subPath: string): void {
    const url = new URL(req.url ?? '/', 'http://local');
    const to = url.searchParams.get('to') ?? undefined;
    if (subPath === '/messages') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: this.list(to) }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(renderInbox(this.list(to), to));
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function renderInbox(mails: Mail[], to?: string): string {
  const items = mails
    .map(
      (m) => `<article class="mail">
  <header><strong>${escapeHtml(m.subject)}</strong><span>${m.from ? `from ${escapeHtml(m.from)} ` : ''}to ${escapeHtml(m.to)} · ${new Date(m.sentAt).toLocaleString()}</span></header>
  <div class="body">${m.html}</div>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local inbox · Schedule &amp; Autopost</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg">
<style>
 body{font-family:system-ui,sans-serif;background:#0b0d12;color:#e6e8ee;margin:0;padding:32px}
 main{max-width:760px;margin:0 auto} h1{font-size:22px;margin:0 0 4px} p.lead{color:#9aa3b2;margin:0 0 24px}
 .mail{background:#151922;border:1px solid #262c38;border-radius:12px;padding:16px 20px;margin-bottom:16px}
 .mail header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap;margin-bottom:8px}
 .mail header span{color:#9aa3b2;font-size:13px} .body a{color:#8ab4ff} .empty{color:#9aa3b2}
 form{margin-bottom:20px} input{background:#151922;color:inherit;border:1px solid #262c38;border-radius:8px;padding:8px 10px;width:280px}
</style></head><body><main>
<h1>Local inbox</h1><p class="lead">E-mails sent by the local cloud (verification links and more). Newest first.</p>
<form><input name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}"></form>
${items || '<p class="empty">No e-mails yet. Sign up in the app and the verification mail appears here.</p>'}
</main></body></html>`;
}
