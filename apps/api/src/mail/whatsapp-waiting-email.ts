import { displayMobile, whatsAppHref } from '@iconia/shared';
import type { MailAddress } from '../config.ts';
import { formatIndiaTime, oneLine } from '../format/lead-format.ts';
import type { WhatsappWaitingEmail } from '../store/whatsapp-schema.ts';
import { deskLeadUrl, emailButton } from './email-page.ts';
import type { LeadEmail } from './lead-email.ts';
import { renderAlertHtml } from './routing-alert-email.ts';

/** Pure: the alert's payload in, the email to the buyer's owner (or the managers) out. */
export function renderWhatsappWaitingEmail(
  alert: WhatsappWaitingEmail & { messageId: string },
  from: MailAddress,
  siteUrl: string,
): LeadEmail {
  const name = oneLine(alert.name) || 'A buyer';
  const messages =
    alert.waiting === 1 ? 'a WhatsApp message' : `${alert.waiting} WhatsApp messages`;
  const kicker = 'Waiting for a reply on WhatsApp';
  const lead = `${name} sent ${messages} from ${formatIndiaTime(alert.since)} and nobody has answered for ${alert.minutes} working minutes.${alert.toManagers ? ' The buyer has no owner: please give them to someone.' : ''} Reply from the buyer's page in the desk.`;
  const deskUrl = deskLeadUrl(siteUrl, alert.leadId);
  const said = oneLine(alert.said);
  const rows: Array<[string, string]> = [
    ['Wrote', said],
    ['Since', formatIndiaTime(alert.since)],
    ...(alert.mobile ? [['Mobile', displayMobile(alert.mobile)] as [string, string]] : []),
  ];
  return {
    leadId: String(alert.leadId),
    messageId: alert.messageId,
    from,
    to: alert.to,
    subject: `${name} is waiting for a reply on WhatsApp`,
    text: [kicker, '', lead, '', `Wrote: ${said}`, `In the desk: ${deskUrl}`, ''].join('\n'),
    html: renderAlertHtml({
      kicker,
      heading: name,
      lead,
      buttons: [
        emailButton(deskUrl, 'Reply in the desk', '#1f6f43'),
        ...(alert.mobile
          ? [emailButton(whatsAppHref(alert.mobile), 'Open the chat on WhatsApp', '#128c7e')]
          : []),
      ],
      rows,
    }),
    date: new Date(alert.since),
    headers: { 'X-Routing-Alert': 'whatsapp-waiting' },
  };
}
