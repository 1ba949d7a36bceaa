import { escapeHtml } from '../format/lead-format.ts';

/** A label and its value on a row of their own, as the lead email and the source alerts list them. */
export function detailRow(label: string, value: string): string {
  return `<tr><td style="padding:8px 12px 8px 0;color:#5b6470;font-size:14px;vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:8px 0;color:#1d232b;font-size:16px;word-break:break-word;">${escapeHtml(value)}</td></tr>`;
}

/** A wide button a thumb can hit on a phone: a call, a chat, the desk. */
export function emailButton(href: string, label: string, colour: string): string {
  return `<a href="${escapeHtml(href)}" style="display:block;margin:0 0 12px;padding:14px 16px;border-radius:8px;background:${colour};color:#ffffff;font-size:18px;font-weight:bold;text-align:center;text-decoration:none;">${escapeHtml(label)}</a>`;
}

/** The buyer's page in the sales desk, under the site's public address. */
export function deskLeadUrl(siteUrl: string, leadId: number): string {
  return `${siteUrl}/desk/leads/${leadId}`;
}

export interface EmailPage {
  title: string;
  /** The line a mail app shows beside the subject in a list, hidden in the message itself. */
  preheader?: string;
  /** Of the white card, in pixels. */
  maxWidth: number;
  /** The card's rows (`<tr>…</tr>`), already escaped. */
  rows: string;
  /** The small print under the card. */
  footer: string;
}

// Table layout and inline styles: the only HTML that phone mail apps render reliably.
/** The HTML document every email of the site shares: a white card on a grey page. */
export function renderEmailPage(page: EmailPage): string {
  const e = escapeHtml;
  const preheader =
    page.preheader === undefined
      ? ''
      : `<div style="display:none;max-height:0;overflow:hidden;">${e(page.preheader)}</div>\n`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(page.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f2f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;">
${preheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f5;">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:${page.maxWidth}px;background:#ffffff;border-radius:12px;">
${page.rows}
</table>
<p style="margin:12px 0 0;color:#5b6470;font-size:12px;">${e(page.footer)}</p>
</td></tr>
</table>
</body>
</html>
`;
}
