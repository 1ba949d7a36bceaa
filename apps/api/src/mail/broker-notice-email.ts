import { escapeHtml, oneLine } from '../format/lead-format.ts';
import type { MailAddress } from '../config.ts';
import type { BrokerNoticePayload } from '../store/broker-schema.ts';
import { emailButton, renderEmailPage } from './email-page.ts';
import type { LeadEmail } from './lead-email.ts';

/** Pure: a notice about a channel partner in, its email out (plain text and the same as HTML). */
export function renderBrokerNoticeEmail(
  notice: BrokerNoticePayload & { messageId: string },
  from: MailAddress,
): LeadEmail {
  const subject = oneLine(notice.subject);
  const link = notice.link;
  const e = escapeHtml;
  const paragraphs = notice.lines
    .map((line) => `<p style="margin:0 0 12px;color:#1d232b;font-size:16px;">${e(line)}</p>`)
    .join('');
  return {
    leadId: 'broker-notice',
    messageId: notice.messageId,
    from,
    to: notice.to,
    subject,
    text: [
      subject,
      '',
      ...notice.lines.flatMap((line) => [line, '']),
      ...(link ? [`${link.label}: ${link.href}`, ''] : []),
    ].join('\n'),
    html: renderEmailPage({
      title: subject,
      maxWidth: 560,
      rows: `<tr><td style="padding:20px;">
<p style="margin:0 0 4px;color:#8a6d1f;font-size:13px;font-weight:bold;letter-spacing:0.06em;text-transform:uppercase;">Channel partners</p>
<h1 style="margin:0 0 12px;color:#1d232b;font-size:24px;line-height:1.25;">${e(subject)}</h1>
${paragraphs}${link ? emailButton(link.href, link.label, '#1d5c4d') : ''}
</td></tr>`,
      footer: 'Sent by the Elegant Iconia website.',
    }),
    date: new Date(notice.at),
    headers: {},
  };
}
