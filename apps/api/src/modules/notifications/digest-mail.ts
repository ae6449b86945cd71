// The digest mail: what a listener was notified of (releases, IDs named, their suggestions accepted,
// new suggestions), newest first, as HTML with artwork and as plain text, each a sentence linking to
// its track, capped with a link to the rest, and an unsubscribe that
// works in one click (RFC 8058 List-Unsubscribe + List-Unsubscribe-Post headers, and a signed link).
import type { NotificationTimeframe } from '@cratedig/contract/constants';
import type { Notification } from '@cratedig/contract/notification';
import type { AppConfig } from '../../config';
import type { MailMessage } from '../../lib/mailer';
import { notificationSentence } from './sentences';
import { unsubscribeUrl } from './unsubscribe-links';

/** At most this many releases are listed; the mail links to the rest. */
export const DIGEST_MAX_ITEMS = 20;

const PERIOD_WORDS: Record<NotificationTimeframe, string> = {
  daily: 'today',
  weekly: 'this week',
  monthly: 'this month',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Artwork paths are site-relative (/media/…); a mail needs absolute addresses. */
function absolute(config: AppConfig, url: string | null): string {
  if (!url) return `${config.publicUrl}/favicon.svg`;
  return url.startsWith('/') ? `${config.publicUrl}${url}` : url;
}

export interface DigestContent {
  userId: number;
  email: string;
  username: string;
  timeframe: NotificationTimeframe;
  items: Notification[];
  total: number;
  /** Some of it is older than the period (the job missed a period's end): said so, not "today". */
  reachesBack: boolean;
}

export function digestMessage(config: AppConfig, digest: DigestContent): MailMessage {
  const unsubscribe = unsubscribeUrl(config, digest.userId);
  const all = `${config.publicUrl}/home`;
  const settings = `${config.publicUrl}/profile`;
  const count = digest.total;
  const said = digest.items.map(notificationSentence);
  const onlyReleases = digest.items.every((n) => n.kind === 'release');
  const first = said[0];
  const subject =
    count === 1 && first
      ? first.text.replace(/\.$/, '')
      : onlyReleases
        ? `${count} IDs you waited for are out`
        : `${count} updates on IDs you watch`;
  const when = digest.reachesBack ? 'since your last digest' : PERIOD_WORDS[digest.timeframe];
  const intro = onlyReleases
    ? `IDs you watch came out ${when}:`
    : `What happened to the IDs you watch ${when}:`;
  const more = count - digest.items.length;
  const lines = said.map((s) => `- ${s.text}\n  ${config.publicUrl}${s.path}`);
  const text = [
    `Hi ${digest.username},`,
    '',
    intro,
    '',
    ...lines,
    ...(more > 0 ? ['', `…and ${more} more: ${all}`] : []),
    '',
    `Change how often you get this mail: ${settings}`,
    `Unsubscribe in one click: ${unsubscribe}`,
  ].join('\n');

  const rows = said
    .map((s) => {
      const link = `${config.publicUrl}${s.path}`;
      return `<tr>
  <td style="padding:8px 12px 8px 0;vertical-align:top"><a href="${escapeHtml(link)}"><img src="${escapeHtml(absolute(config, s.artUrl))}" width="64" height="64" alt="" style="display:block;border-radius:4px"></a></td>
  <td style="padding:8px 0;vertical-align:top;font-family:Arial,sans-serif">
    <a href="${escapeHtml(link)}" style="color:#111;text-decoration:none">${escapeHtml(s.text)}</a>
  </td>
</tr>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f4">
<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;font-family:Arial,sans-serif">
<p>Hi ${escapeHtml(digest.username)},</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" cellspacing="0" cellpadding="0">${rows}</table>
${more > 0 ? `<p><a href="${escapeHtml(all)}">…and ${more} more on Cratedig</a></p>` : ''}
<p style="color:#777;font-size:12px;margin-top:24px"><a href="${escapeHtml(settings)}">Change how often you get this mail</a> · <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>
</div></body></html>`;

  return {
    to: digest.email,
    subject,
    text,
    html,
    headers: {
      // RFC 8058: a mail client may POST "List-Unsubscribe=One-Click" to the https link at once.
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
