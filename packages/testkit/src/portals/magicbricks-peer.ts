import {
  indiaDateTime,
  inWindow,
  readIndiaDateTime,
  startPortalPeer,
  type PortalAnswer,
  type PortalPeer,
} from './portal-peer.ts';

/** The path of MagicBricks' lead pull API. */
export const MAGICBRICKS_PATH = '/mbleadapi/getLeads';

function json(status: number, body: unknown, log: PortalAnswer['log']): PortalAnswer {
  return { status, contentType: 'application/json', body: JSON.stringify(body), log };
}

const failure = (message: string, status = 200) =>
  json(status, { status: 'failure', message }, { answered: { refused: message } });

/**
 * MagicBricks' lead API for builders: a GET with the account's `key` and the window's
 * `startDate` and `endDate` (India's time, `YYYY-MM-DD HH:mm:ss`), and `page` (from 1); the
 * answer `{ status: "success", page, totalPages, leads: [...] }`, each lead with the fields of
 * MagicBricks' lead push (`name`, `mobile`, `isd`, `email`, `msg`, `project`, `dt`, `time`) and
 * its `id`, or `{ status: "failure", message }`.
 */
export function startMagicBricksPeer(options: {
  key: string;
  /** Leads per page (default 50). */
  pageSize?: number;
}): Promise<PortalPeer> {
  const pageSize = options.pageSize ?? 50;
  return startPortalPeer(
    {
      errorBody: failure('Temporary error, please retry'),
      answer(request, _body, enquiries) {
        const query = new URL(request.url ?? '/', 'http://peer').searchParams;
        if (query.get('key') !== options.key) return failure('Invalid key', 401);
        const from = readIndiaDateTime(query.get('startDate'));
        const to = readIndiaDateTime(query.get('endDate'));
        if (from === undefined || to === undefined || from > to) {
          return failure('Invalid startDate or endDate');
        }
        const page = Number(query.get('page') ?? '1');
        const found = inWindow(enquiries, from, to);
        const totalPages = Math.max(1, Math.ceil(found.length / pageSize));
        if (!Number.isInteger(page) || page < 1 || page > totalPages) {
          return failure('Invalid page');
        }
        const leads = found.slice((page - 1) * pageSize, page * pageSize);
        return json(
          200,
          {
            status: 'success',
            page,
            totalPages,
            leads: leads.map((enquiry) => {
              const [dt, time] = indiaDateTime(enquiry.receivedAt).split(' ');
              return {
                id: enquiry.id,
                name: enquiry.name,
                mobile: enquiry.mobile,
                isd: '91',
                email: enquiry.email ?? '',
                msg: enquiry.message ?? '',
                project: enquiry.project ?? '',
                City: 'Hyderabad',
                dt,
                time,
              };
            }),
          },
          { from, to, answered: { enquiries: leads.length } },
        );
      },
    },
    MAGICBRICKS_PATH,
  );
}
