import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import {
  indiaDateTime,
  inWindow,
  readIndiaDateTime,
  startPortalPeer,
  type PortalAnswer,
  type PortalPeer,
} from './portal-peer.ts';

/** The path of 99acres' pull API for a builder's queries and responses ("My99"). */
export const ACRES99_PATH = '/99api/v1/getmy99Response/OeAuXClO43hwseaXEQ/uid/';

const xml = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  suppressBooleanAttributes: false,
  format: true,
});
const parser = new XMLParser({ parseTagValue: false });

function xmlAnswer(status: number, document: unknown, log: PortalAnswer['log']): PortalAnswer {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build(document)}`;
  return { status, contentType: 'text/xml; charset=utf-8', body, log };
}

/** 99acres' error answer: `ActionStatus="false"` with its code and message. */
function errorXml(code: number, message: string): PortalAnswer {
  return xmlAnswer(
    200,
    { Xml: { '@ActionStatus': 'false', Code: code, Message: message } },
    { answered: { refused: message } },
  );
}

/**
 * 99acres' pull API as its data-exchange document describes it: the request XML posted as the
 * form field `xml` (`user_name`, `pwd`, `start_date`, `end_date` in India's time,
 * `YYYY-MM-DD HH:mm:ss`); the answer an XML of `ActionStatus="true"` with a `Resp` per enquiry
 * (`QryDtl`: the listing and the query, `CntctDtl`: the buyer), or `ActionStatus="false"` with a
 * `Code` and `Message`. The window may span at most 24 hours, as the portal allows.
 */
export function startAcres99Peer(login: {
  userName: string;
  password: string;
}): Promise<PortalPeer> {
  return startPortalPeer(
    {
      errorBody: errorXml(5, 'Service temporarily unavailable'),
      answer(request, body, enquiries) {
        if (request.method !== 'POST') return errorXml(2, 'Request must be a POST');
        const form = new URLSearchParams(body);
        const requestXml = form.get('xml');
        if (!requestXml) return errorXml(3, 'Request XML missing in field xml');
        let query: Record<string, unknown> | undefined;
        try {
          query = (parser.parse(requestXml) as { query?: Record<string, unknown> }).query;
        } catch {
          query = undefined;
        }
        if (!query) return errorXml(3, 'Invalid request XML');
        if (query.user_name !== login.userName || query.pwd !== login.password) {
          return errorXml(1, 'Authentication fail');
        }
        const dateOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
        const from = readIndiaDateTime(dateOf(query.start_date));
        const to = readIndiaDateTime(dateOf(query.end_date));
        if (from === undefined || to === undefined || from > to) {
          return errorXml(4, 'Invalid start_date or end_date');
        }
        if (to - from > 24 * 3_600_000) return errorXml(4, 'Date range exceeds 24 hours');
        const found = inWindow(enquiries, from, to);
        return xmlAnswer(
          200,
          {
            Xml: {
              '@ActionStatus': 'true',
              Resp: found.map((enquiry) => ({
                QryDtl: {
                  '@ResType': 'LEAD',
                  '@QueryId': enquiry.id,
                  ProdId: { '@Status': 'active', '@Type': 'NP', '#text': 'R12345678' },
                  CmpctLabl: enquiry.project ?? '',
                  QryInfo: enquiry.message ?? '',
                  RcvdOn: indiaDateTime(enquiry.receivedAt),
                },
                CntctDtl: { Name: enquiry.name, Email: enquiry.email ?? '', Phone: enquiry.mobile },
              })),
            },
          },
          { from, to, answered: { enquiries: found.length } },
        );
      },
    },
    ACRES99_PATH,
  );
}
