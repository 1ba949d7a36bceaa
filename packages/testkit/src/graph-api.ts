import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of a lead form, as Graph's `field_data` lists it. */
export interface GraphFieldData {
  name: string;
  values: string[];
}

/** A lead as Graph's `/{leadgen-id}` node holds it (Meta's documented Lead fields). */
export interface GraphLead {
  id: string;
  created_time: string;
  field_data: GraphFieldData[];
  ad_id?: string;
  adset_id?: string;
  campaign_id?: string;
  form_id?: string;
  is_organic?: boolean;
}

/** One request the peer received, with the query it carried. */
export interface GraphRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  receivedAt: number;
}

/**
 * How the peer fails until `recover()`: Graph's documented transient error (code 2, HTTP 500),
 * a front end's 503 with no JSON, or a request held open with no answer at all.
 */
export type GraphFailure = 'transient-error' | 'unavailable' | 'hang';

/** A real HTTP server on loopback answering as Meta's Graph API does for lead reads. */
export interface GraphApi {
  /** What META_GRAPH_URL points at: the base URL with the API version, `http://…/v27.0`. */
  url: string;
  requests: GraphRequest[];
  /** Makes a lead readable at `/{version}/{id}`. */
  addLead(lead: GraphLead): void;
  /** Fails every later request this way until `recover()`. */
  fail(failure: GraphFailure): void;
  recover(): void;
  /** Resolves once `count` requests have arrived in total. */
  waitForRequests(count: number, timeoutMs?: number): Promise<GraphRequest[]>;
  close(): Promise<void>;
}

export interface GraphApiOptions {
  /** The app secret `appsecret_proof` is checked against (HMAC-SHA256 of the token, hex). */
  appSecret: string;
  /** The one access token the peer accepts. */
  accessToken: string;
  /**
   * Answers for leads not added with `addLead`, made up from their id (a load run's thousands
   * of leads); undefined: Graph's "does not exist" error.
   */
  leadFor?: (id: string) => GraphLead | undefined;
  /** The version segment of the path: the one the API pins (`GRAPH_API_VERSION`). */
  version: string;
  port?: number;
}

export interface GraphError {
  status: number;
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
}

/** Graph's error envelope, with the `fbtrace_id` every error carries. */
export function sendGraphError(response: ServerResponse, error: GraphError): void {
  const { status, ...fields } = error;
  const body = { error: { ...fields, fbtrace_id: randomBytes(8).toString('base64url') } };
  response
    .writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'www-authenticate': `OAuth "Facebook Platform" "invalid_request" "${error.message}"`,
    })
    .end(JSON.stringify(body));
}

function proofMatches(secret: string, token: string, proof: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('hex'));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Answers as the failure mode says: Graph's transient error, a front end's 503, or nothing at all
 * (the response is held until `recover()` or the client gives up).
 */
export function sendGraphFailure(
  response: ServerResponse,
  failure: GraphFailure,
  held: Set<ServerResponse>,
) {
  if (failure === 'hang') {
    held.add(response);
    response.on('close', () => held.delete(response));
    return;
  }
  if (failure === 'unavailable') {
    response.writeHead(503, { 'content-type': 'text/html' }).end('Service Unavailable');
    return;
  }
  sendGraphError(response, {
    status: 500,
    message: 'An unexpected error has occurred. Please retry your request later.',
    type: 'OAuthException',
    code: 2,
    is_transient: true,
  });
}

/**
 * A lead read's path, token and `appsecret_proof`, checked in Graph's order: the lead's id, or
 * the error Graph answers with.
 */
function checkRead(
  method: string | undefined,
  url: URL,
  options: GraphApiOptions,
  version: string,
): { id: string } | { error: GraphError } {
  const [, pathVersion, id, ...rest] = url.pathname.split('/');
  if (method !== 'GET' || pathVersion !== version || !id || rest.length > 0) {
    return {
      error: {
        status: 400,
        message: `Unknown path components: ${url.pathname}`,
        type: 'OAuthException',
        code: 2500,
      },
    };
  }
  const token = url.searchParams.get('access_token');
  if (!token) {
    return {
      error: {
        status: 400,
        message: 'An active access token must be used to query information about the current user.',
        type: 'OAuthException',
        code: 2500,
      },
    };
  }
  if (token !== options.accessToken) {
    return {
      error: {
        status: 400,
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
      },
    };
  }
  const proof = url.searchParams.get('appsecret_proof');
  if (!proof) {
    return {
      error: {
        status: 400,
        message: 'API calls from the server require an appsecret_proof argument',
        type: 'GraphMethodException',
        code: 100,
      },
    };
  }
  if (!proofMatches(options.appSecret, token, proof)) {
    return {
      error: {
        status: 400,
        message: 'Invalid appsecret_proof provided in the API argument',
        type: 'GraphMethodException',
        code: 100,
      },
    };
  }
  return { id };
}

/** Graph answers the fields asked for, and the id always. */
function pickFields(lead: GraphLead, asked: string | null): Record<string, unknown> {
  const fields = (asked ?? 'id,created_time').split(',');
  return Object.fromEntries(
    Object.entries(lead).filter(([name]) => name === 'id' || fields.includes(name)),
  );
}

export async function startGraphApi(options: GraphApiOptions): Promise<GraphApi> {
  const { version } = options;
  const leads = new Map<string, GraphLead>();
  const requests: GraphRequest[] = [];
  const waiters: Array<() => void> = [];
  const held = new Set<ServerResponse>();
  let failure: GraphFailure | undefined;

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      receivedAt: Date.now(),
    });
    for (const wake of waiters.splice(0)) wake();

    if (failure) {
      sendGraphFailure(response, failure, held);
      return;
    }
    const read = checkRead(request.method, url, options, version);
    if ('error' in read) {
      sendGraphError(response, read.error);
      return;
    }
    const lead = leads.get(read.id) ?? options.leadFor?.(read.id);
    if (!lead) {
      sendGraphError(response, {
        status: 400,
        message: `Unsupported get request. Object with ID '${read.id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      });
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json; charset=UTF-8' })
      .end(JSON.stringify(pickFields(lead, url.searchParams.get('fields'))));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/${version}`,
    requests,
    addLead(lead) {
      leads.set(lead.id, lead);
    },
    fail(next) {
      failure = next;
    },
    recover() {
      failure = undefined;
      for (const response of held) response.destroy();
    },
    async waitForRequests(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} Graph requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return requests.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
