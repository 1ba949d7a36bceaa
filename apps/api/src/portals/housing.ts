import { createHmac } from 'node:crypto';
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

const LABEL = 'Housing.com';

/** Housing.com's words for a refused login or signature. */
const CREDENTIAL_WORDS = /profile|hash|key|auth|expired|unauthori[sz]ed/i;

function readLead(item: unknown): PortalLead | undefined {
  if (!isRecord(item)) return undefined;
  const phone = textOf(item.lead_phone) ?? '';
  const dateSeconds = Number(item.lead_date);
  const project = textOf(item.project_name);
  const answers: Record<string, string> = {};
  const place = [textOf(item.locality_name), textOf(item.city_name)].filter(Boolean).join(', ');
  if (place) answers['Housing.com locality'] = place;
  const looking = [textOf(item.service_type), textOf(item.category_type)].filter(Boolean).join(' ');
  if (looking) answers['Housing.com looking for'] = looking;
  return portalLead(
    {
      // Housing.com's lead has no id of its own in every account's feed: the buyer, the moment,
      // the project and the flat are the enquiry.
      externalId:
        textOf(item.lead_id) ??
        digestId([phone, textOf(item.lead_date), project, textOf(item.flat_id)]),
      name: textOf(item.lead_name) ?? '',
      mobile: withCountryCode(phone, textOf(item.country_code)),
      answers,
    },
    {
      email: textOf(item.lead_email),
      project,
      receivedAt: Number.isFinite(dateSeconds) && dateSeconds > 0 ? dateSeconds * 1000 : undefined,
    },
  );
}

/**
 * Housing.com's builder-leads API, as the integrations built on it call it: a GET with the
 * window's `start_date` and `end_date` and `current_time` (epoch seconds), the profile `id`, and
 * `hash`, the lowercase hex HMAC-SHA256 of `current_time` under the profile's key; the answer
 * `{ data: [...] }` (each lead `lead_name`, `lead_phone`, `country_code`, `lead_email`,
 * `project_name`, `lead_date`), or `api_errors.details` on an error.
 */
export const housing: PortalAdapter = {
  portal: 'housing',
  label: LABEL,
  defaultUrl: 'https://pahal.housing.com/api/v0/get-builder-leads',
  credentialFields: [
    { key: 'profileId', label: 'Housing.com profile id' },
    { key: 'key', label: 'Housing.com encryption key' },
  ],
  maxWindowMs: 24 * 3_600_000,
  async fetchWindow({ url, credentials, from, to, now, signal }) {
    const currentTime = String(Math.floor(now / 1000));
    const target = new URL(url);
    target.searchParams.set('start_date', String(Math.floor(from / 1000)));
    target.searchParams.set('end_date', String(Math.ceil(to / 1000)));
    target.searchParams.set('current_time', currentTime);
    target.searchParams.set(
      'hash',
      createHmac('sha256', credentials.key ?? '')
        .update(currentTime)
        .digest('hex'),
    );
    target.searchParams.set('id', credentials.profileId ?? '');
    const { status, text } = await portalFetch(LABEL, target.href, {
      headers: { Accept: 'application/json' },
      signal,
    });
    const body = readJson(LABEL, status, text);
    const list = Array.isArray(body) ? body : isRecord(body) ? body.data : undefined;
    const errors = isRecord(body) ? (body.api_errors ?? body.apiErrors) : undefined;
    const details =
      (isRecord(errors) ? textOf(errors.details) : undefined) ??
      (isRecord(body) && status >= 400 ? textOf(body.message) : undefined);
    if (details !== undefined || status >= 400) {
      const said = details ?? `HTTP ${status}`;
      if (status === 401 || status === 403 || CREDENTIAL_WORDS.test(said)) {
        throw new PortalError(
          `${LABEL} refused the login: ${said}. Check the profile id and key and enter them again.`,
          'credentials',
        );
      }
      throw new PortalError(`${LABEL} refused the request: ${said}.`, 'portal');
    }
    if (!Array.isArray(list)) {
      throw new PortalError(
        `${LABEL} answered with JSON that holds no list of leads.`,
        'unreadable',
      );
    }
    return list.flatMap((item) => {
      const lead = readLead(item);
      return lead ? [lead] : [];
    });
  },
};
