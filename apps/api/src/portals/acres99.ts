import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { indiaDateTime, readIndiaDateTime } from './india-date-time.ts';
import {
  digestId,
  isRecord as isNode,
  PortalError,
  portalFetch,
  portalLead,
  textOf,
  type PortalAdapter,
  type PortalRecord,
  type PortalLead,
} from './portal-adapter.ts';

const LABEL = '99acres';
const builder = new XMLBuilder();
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Resp',
});

type Node = PortalRecord;
/** An element's text, whether it came with attributes (`#text`) or without. */
const textIn = (value: unknown) => textOf(isNode(value) ? value['#text'] : value);

/** 99acres' error codes that mean the login is wrong. */
const CREDENTIAL_MESSAGES = /auth|password|user/i;

function readResp(resp: unknown): PortalLead | undefined {
  if (!isNode(resp)) return undefined;
  const query = isNode(resp.QryDtl) ? resp.QryDtl : {};
  const contact = isNode(resp.CntctDtl) ? resp.CntctDtl : {};
  const phone = textIn(contact.Phone) ?? '';
  const received = textIn(query.RcvdOn);
  const listing = textIn(query.ProdId);
  const answers: Record<string, string> = {};
  if (listing) answers['99acres listing'] = listing;
  const kind = textOf(query['@ResType']);
  if (kind) answers['99acres response type'] = kind;
  return portalLead(
    {
      // 99acres names each query in its `QryDtl` attributes; with none, the query is what it says.
      externalId:
        textOf(query['@QueryId']) ??
        textOf(query['@TblId']) ??
        digestId([phone, received, listing]),
      name: textIn(contact.Name) ?? '',
      mobile: phone,
      answers,
    },
    {
      email: textIn(contact.Email),
      project: textIn(query.CmpctLabl),
      message: textIn(query.QryInfo),
      receivedAt: readIndiaDateTime(received),
    },
  );
}

/**
 * 99acres' pull API ("My99" queries and responses, its data-exchange document): the query XML
 * (`user_name`, `pwd`, `start_date`, `end_date` in India's time) posted as the form field `xml`;
 * the answer an XML whose `ActionStatus` says success, with a `Resp` per enquiry (`QryDtl`: the
 * listing, the query, when it came; `CntctDtl`: `Name`, `Email`, `Phone`), or `Code` and
 * `Message` on an error.
 */
export const acres99: PortalAdapter = {
  portal: '99acres',
  label: LABEL,
  defaultUrl: 'https://www.99acres.com/99api/v1/getmy99Response/OeAuXClO43hwseaXEQ/uid/',
  credentialFields: [
    { key: 'userName', label: '99acres login (user name)' },
    { key: 'password', label: '99acres password' },
  ],
  maxWindowMs: 24 * 3_600_000,
  async fetchWindow({ url, credentials, from, to, signal }) {
    const query = builder.build({
      query: {
        user_name: credentials.userName ?? '',
        pwd: credentials.password ?? '',
        start_date: indiaDateTime(from),
        end_date: indiaDateTime(to),
      },
    });
    const { status, text } = await portalFetch(LABEL, url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xml: `<?xml version='1.0'?>${query}` }).toString(),
      signal,
    });
    let document: Node;
    try {
      document = parser.parse(text, true) as Node;
    } catch {
      throw new PortalError(
        `${LABEL} answered with something that is not XML (HTTP ${status}).`,
        'unreadable',
      );
    }
    // The document's one element past the XML declaration (`?xml`), whatever 99acres names it.
    const root = Object.entries(document).find(
      ([name, value]) => !name.startsWith('?') && isNode(value),
    )?.[1] as Node | undefined;
    const ok = textOf(root?.['@ActionStatus']);
    if (!root || ok === undefined) {
      throw new PortalError(
        `${LABEL} answered with XML that has no ActionStatus (HTTP ${status}).`,
        'unreadable',
      );
    }
    if (ok.toLowerCase() !== 'true') {
      const message = textIn(root.Message) ?? 'no message';
      const code = textIn(root.Code);
      const words = `${LABEL} refused the request: ${message}${code ? ` (code ${code})` : ''}.`;
      if (CREDENTIAL_MESSAGES.test(message)) {
        throw new PortalError(
          `${LABEL} refused the login: ${message}. Enter the source's credentials again.`,
          'credentials',
        );
      }
      throw new PortalError(words, 'portal');
    }
    const responses = Array.isArray(root.Resp) ? root.Resp : [];
    return responses.flatMap((resp) => {
      const lead = readResp(resp);
      return lead ? [lead] : [];
    });
  },
};
