import { createHmac, timingSafeEqual } from 'node:crypto';
import { inWindow, startPortalPeer, type PortalAnswer, type PortalPeer } from './portal-peer.ts';

/** The path of Housing.com's builder-leads pull API. */
export const HOUSING_PATH = '/api/v0/get-builder-leads';

/** How far `current_time` may be from the portal's clock, in seconds. */
const CLOCK_SKEW_S = 300;

function json(status: number, body: unknown, log: PortalAnswer['log']): PortalAnswer {
  return { status, contentType: 'application/json', body: JSON.stringify(body), log };
}

function apiError(status: number, details: string): PortalAnswer {
  return json(
    status,
    { data: [], api_errors: { details, error_code: String(status) } },
    { answered: { refused: details } },
  );
}

/**
 * Housing.com's builder-leads API as the integrations built on it call it: a GET with the
 * window's `start_date` and `end_date` (epoch seconds), the profile `id`, `current_time` (epoch
 * seconds) and `hash`, the lowercase hex HMAC-SHA256 of `current_time` under the profile's key;
 * the answer `{ data: [lead, …] }`, each lead with `lead_name`, `lead_phone`, `country_code`,
 * `lead_email`, `project_name`, `lead_date` (epoch seconds), or `api_errors` with `details`.
 */
export function startHousingPeer(options: {
  profileId: string;
  key: string;
  /** The portal's clock that `current_time` is checked against (default: the real one). */
  now?: () => number;
}): Promise<PortalPeer> {
  const now = options.now ?? Date.now;
  return startPortalPeer(
    {
      errorBody: apiError(200, 'Something went wrong, please try again later'),
      answer(request, _body, enquiries) {
        const query = new URL(request.url ?? '/', 'http://peer').searchParams;
        if (request.method !== 'GET') return apiError(405, 'Method not allowed');
        if (query.get('id') !== options.profileId) return apiError(401, 'Invalid profile id');
        const currentTime = query.get('current_time') ?? '';
        if (!/^\d{9,11}$/.test(currentTime)) return apiError(401, 'current_time is required');
        if (Math.abs(Number(currentTime) - now() / 1000) > CLOCK_SKEW_S) {
          return apiError(401, 'Request expired');
        }
        const expected = createHmac('sha256', options.key).update(currentTime).digest();
        const hash = Buffer.from(query.get('hash') ?? '', 'hex');
        if (hash.length !== expected.length || !timingSafeEqual(hash, expected)) {
          return apiError(401, 'Hash mismatch');
        }
        const from = Number(query.get('start_date')) * 1000;
        const to = Number(query.get('end_date')) * 1000;
        if (!Number.isFinite(from) || !Number.isFinite(to) || from > to) {
          return apiError(400, 'Invalid start_date or end_date');
        }
        const found = inWindow(enquiries, from, to);
        return json(
          200,
          {
            data: found.map((enquiry) => ({
              lead_id: enquiry.id,
              lead_name: enquiry.name,
              lead_phone: enquiry.mobile,
              country_code: '+91',
              lead_email: enquiry.email ?? '',
              project_name: enquiry.project ?? '',
              locality_name: 'Shadnagar',
              city_name: 'Hyderabad',
              lead_date: Math.floor(enquiry.receivedAt / 1000),
              service_type: 'buy',
              category_type: 'plot',
              property_field: [],
            })),
          },
          { from, to, answered: { enquiries: found.length } },
        );
      },
    },
    HOUSING_PATH,
  );
}
