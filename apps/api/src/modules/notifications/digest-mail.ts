// The digest mail: the releases a listener was notified of, newest first, as HTML with artwork and
// as plain text, each linking to its track, capped with a link to the rest, and an unsubscribe that
// works in one click (RFC 8058 List-Unsubscribe + List-Unsubscribe-Post headers, and a signed link).
import type { NotificationTimeframe } from '@cratedig/contract/constants';
import type { Notification } from '@cratedig/contract/notification';
import type { AppConfig } from '../../config';
import type { MailMessage } from '../../lib/mailer';
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
  const subject =
    count === 1
      ? `An ID you waited for is out: ${digest.items[0]?.release.track_meta.artist} – ${digest.items[0]?.release.track_meta.title}`
      : `${count} IDs you waited for are out`;
  const more = count - digest.items.length;
  const when = digest.reachesBack ? 'since your last digest' : PERIOD_WORDS[digest.timeframe];
  const lines = digest.items.map((n) => {
    const t = n.release.track_meta;
    return `- ${t.artist} – ${t.title}${t.release_date ? ` (released ${t.release_date})` : ''}, first heard in ${n.release.set_meta.set_name}\n  ${config.publicUrl}/tracks/${t.id}`;
  });
  const text = [
    `Hi ${digest.username},`,
    '',
    `IDs you watch came out ${when}:`,
    '',
    ...lines,
    ...(more > 0 ? ['', `…and ${more} more: ${all}`] : []),
    '',
    `Change how often you get this mail: ${settings}`,
    `Unsubscribe in one click: ${unsubscribe}`,
  ].join('\n');

  const rows = digest.items
    .map((n) => {
      const t = n.release.track_meta;
      const link = `${config.publicUrl}/tracks/${t.id}`;
      return `<tr>
  <td style="padding:8px 12px 8px 0;vertical-align:top"><a href="${escapeHtml(link)}"><img src="${escapeHtml(absolute(config, t.art_url_xl))}" width="64" height="64" alt="" style="display:block;border-radius:4px"></a></td>
  <td style="padding:8px 0;vertical-align:top;font-family:Arial,sans-serif">
    <a href="${escapeHtml(link)}" style="color:#111;font-weight:bold;text-decoration:none">${escapeHtml(t.artist)} – ${escapeHtml(t.title)}</a><br>
    <span style="color:#555;font-size:13px">first heard in ${escapeHtml(n.release.set_meta.set_name)}${t.release_date ? ` · released ${escapeHtml(t.release_date)}` : ''}</span>
  </td>
</tr>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f4">
<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;font-family:Arial,sans-serif">
<p>Hi ${escapeHtml(digest.username)},</p>
<p>IDs you watch came out ${when}:</p>
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
