import {
  newPortalSourceSchema,
  portalLoginSchema,
  portalSourceAnswerSchema,
  portalSourcesAnswerSchema,
  type PortalSource,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError } from '../desk/desk-error.ts';
import { routeFor } from '../desk/route.ts';
import { PORTAL_ADAPTERS } from './adapters.ts';
import { PortalSourceError, type PortalSources, type PortalSourceState } from './portal-sources.ts';

export interface PortalRouteDeps {
  portals: PortalSources;
  clock: Clock;
  logger: Logger;
}

function toPortalJson(source: PortalSourceState): PortalSource {
  const time = (at: number | null) => (at === null ? null : indiaTimestamp(at));
  return {
    name: source.name,
    portal: source.portal,
    portalLabel: source.portalLabel,
    url: source.url,
    disabled: source.disabled,
    createdAt: indiaTimestamp(source.createdAt),
    lastSuccessAt: time(source.lastSuccessAt),
    failingSince: time(source.failingSince),
    lastError: source.lastError,
  };
}

/** The registry's refusals, as the desk answers them. */
function portalChange<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof PortalSourceError) throw new DeskError(error.status, error.message);
    throw error;
  }
}

const route = routeFor<PortalRouteDeps>();

const PORTALS = [...PORTAL_ADAPTERS.values()].map((adapter) => ({
  portal: adapter.portal,
  label: adapter.label,
  fields: adapter.credentialFields.map((field) => ({ key: field.key, label: field.label })),
}));

/** A portal source stopped or polled again by a manager. */
const switchRoute = (action: 'disable' | 'enable', summary: string) =>
  route({
    method: 'post',
    path: `/portal-sources/{name}/${action}`,
    summary,
    who: 'manager',
    answer: {
      status: 200,
      description: 'The source as it is now.',
      json: portalSourceAnswerSchema,
    },
    handle: ({ req, res }, { portals, clock, logger }) => {
      const name = String(req.params.name);
      const source = portalChange(() =>
        portals.setDisabled(name, action === 'disable', clock.now()),
      );
      logger.info({ userId: currentUser(res).id, source: name }, `portal source ${action}d`);
      return { source: toPortalJson(source) };
    },
  });

/**
 * The property portals the server polls, as the managers manage them (docs/lead-sources.md): a
 * login goes in, and is never read back; only that one is set, and the portal's last error.
 */
export const portalRoutes = [
  route({
    method: 'get',
    path: '/portal-sources',
    summary: 'The portal sources the server polls',
    who: 'manager',
    answer: {
      status: 200,
      description: 'Every portal source, by name, and the portals a source can pull from.',
      json: portalSourcesAnswerSchema,
    },
    handle: (_input, { portals }) => ({
      sources: portals.list().map(toPortalJson),
      portals: PORTALS,
    }),
  }),
  route({
    method: 'post',
    path: '/portal-sources',
    summary: 'Add a portal source',
    who: 'manager',
    description: 'The login is stored encrypted and never shown again; polling starts now.',
    body: newPortalSourceSchema,
    answer: { status: 201, description: 'The new source.', json: portalSourceAnswerSchema },
    errors: [409],
    handle: ({ body, res }, { portals, clock, logger }) => {
      const source = portalChange(() =>
        portals.add(
          { portal: body.portal, name: body.name, credentials: body.credentials, url: body.url },
          clock.now(),
        ),
      );
      logger.info(
        { userId: currentUser(res).id, source: source.name, portal: source.portal },
        'portal source added',
      );
      return { source: toPortalJson(source) };
    },
  }),
  route({
    method: 'put',
    path: '/portal-sources/{name}/credentials',
    summary: "Replace a portal source's login",
    who: 'manager',
    description: 'After the portal changed it; the next poll uses it.',
    body: portalLoginSchema,
    answer: {
      status: 200,
      description: 'The source as it is now.',
      json: portalSourceAnswerSchema,
    },
    handle: ({ req, body, res }, { portals, logger }) => {
      const name = String(req.params.name);
      const source = portalChange(() => portals.setCredentials(name, body.credentials));
      logger.info({ userId: currentUser(res).id, source: name }, 'portal source login replaced');
      return { source: toPortalJson(source) };
    },
  }),
  switchRoute('disable', 'Stop polling a portal source'),
  switchRoute('enable', 'Poll a portal source again, from where its last full read ended'),
];
