import { indiaDateTime, readIndiaDateTime } from './india-date-time.ts';
import {
  digestId,
  isRecord,
  PortalError,
  portalFetch,
  portalLead,
  readJson,
  textOf,
  withCountryCode,
  type PortalAdapter,
  type PortalLead,
} from './portal-adapter.ts';

const LABEL = 'MagicBricks';
/** A window's pages read at most: a runaway `totalPages` must not poll for ever. */
const MAX_PAGES = 100;

function readLead(item: unknown): PortalLead | undefined {
  if (!isRecord(item)) return undefined;
  const mobile = textOf(item.mobile) ?? '';
  const when = [textOf(item.dt), textOf(item.time)].filter(Boolean).join(' ');
  const project = textOf(item.project);
  const answers: Record<string, string> = {};
  const city = textOf(item.City) ?? textOf(item.city);
  if (city) answers['MagicBricks city'] = city;
  return portalLead(
    {
      externalId: textOf(item.id) ?? digestId([mobile, when, project]),
      name: textOf(item.name) ?? '',
      mobile: withCountryCode(mobile, textOf(item.isd)),
      answers,
    },
    {
      email: textOf(item.email),
      project,
      message: textOf(item.msg),
      receivedAt: readIndiaDateTime(when),
    },
  );
}

/**
 * MagicBricks' lead API for builders: a GET with the account's `key`, the window's `startDate`
 * and `endDate` (India's time, `YYYY-MM-DD HH:mm:ss`) and `page` (from 1); the answer
 * `{ status: "success", page, totalPages, leads }`, each lead with the fields of MagicBricks'
 * lead push (`name`, `mobile`, `isd`, `email`, `msg`, `project`, `dt`, `time`) and its `id`, or
 * `{ status: "failure", message }`. Every page of the window is read before it counts as read.
 */
export const magicbricks: PortalAdapter = {
  portal: 'magicbricks',
  label: LABEL,
  defaultUrl: 'https://api.magicbricks.com/mbleadapi/getLeads',
  credentialFields: [{ key: 'key', label: 'MagicBricks API key' }],
  maxWindowMs: 24 * 3_600_000,
  async fetchWindow({ url, credentials, from, to, signal }) {
    const leads: PortalLead[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const target = new URL(url);
      target.searchParams.set('key', credentials.key ?? '');
      target.searchParams.set('startDate', indiaDateTime(from));
      target.searchParams.set('endDate', indiaDateTime(to));
      target.searchParams.set('page', String(page));
      const { status, text } = await portalFetch(LABEL, target.href, {
        headers: { Accept: 'application/json' },
        signal,
      });
      const body = readJson(LABEL, status, text);
      if (!isRecord(body))
        throw new PortalError(`${LABEL} answered with JSON that is no object.`, 'unreadable');
      if (textOf(body.status)?.toLowerCase() !== 'success') {
        const message = textOf(body.message) ?? `HTTP ${status}`;
        if (status === 401 || status === 403 || /key|auth/i.test(message)) {
          throw new PortalError(
            `${LABEL} refused the API key: ${message}. Enter it again.`,
            'credentials',
          );
        }
        throw new PortalError(`${LABEL} refused the request: ${message}.`, 'portal');
      }
      if (!Array.isArray(body.leads)) {
        throw new PortalError(
          `${LABEL} answered with JSON that holds no list of leads.`,
          'unreadable',
        );
      }
      for (const item of body.leads) {
        const lead = readLead(item);
        if (lead) leads.push(lead);
      }
      const totalPages = Number(body.totalPages ?? 1);
      if (!Number.isFinite(totalPages) || page >= totalPages) return leads;
    }
    throw new PortalError(
      `${LABEL} has more than ${MAX_PAGES} pages of leads in one window.`,
      'portal',
    );
  },
};
