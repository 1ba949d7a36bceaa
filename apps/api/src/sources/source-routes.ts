import {
  newPartnerSourceSchema,
  partnerSecretAnswerSchema,
  partnerSourceAnswerSchema,
  partnerSourcesAnswerSchema,
  sourceHealthAnswerSchema,
  type PartnerSource,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError } from '../desk/desk-error.ts';
import { routeFor } from '../desk/route.ts';
import {
  PartnerSourceError,
  type PartnerSources,
  type PartnerSourceState,
} from './partner-sources.ts';
import type { SourceHealth } from './source-health.ts';

export interface SourceRouteDeps {
  sources: PartnerSources;
  /** The lead sources' figures and alerts. */
  sourceHealth: Pick<SourceHealth, 'report'>;
  clock: Clock;
  logger: Logger;
}

function toSourceJson(source: PartnerSourceState): PartnerSource {
  const time = (at: number | null) => (at === null ? null : indiaTimestamp(at));
  return {
    name: source.name,
    disabled: source.disabled,
    createdAt: indiaTimestamp(source.createdAt),
    rotatedAt: time(source.rotatedAt),
    previousSecretUntil: time(source.previousSecretUntil),
  };
}

/** The registry's refusals, as the desk answers them. */
function sourceChange<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof PartnerSourceError) throw new DeskError(error.status, error.message);
    throw error;
  }
}

const route = routeFor<SourceRouteDeps>();

/** A partner source disabled or enabled again by a manager. */
const switchRoute = (action: 'disable' | 'enable', summary: string, description?: string) =>
  route({
    method: 'post',
    path: `/sources/{name}/${action}`,
    summary,
    who: 'manager',
    ...(description !== undefined && { description }),
    answer: {
      status: 200,
      description: 'The source as it is now.',
      json: partnerSourceAnswerSchema,
    },
    handle: ({ req, res }, { sources, clock, logger }) => {
      const name = String(req.params.name);
      const source = sourceChange(() => sources[action](name, clock.now()));
      logger.info({ userId: currentUser(res).id, source: name }, `partner source ${action}d`);
      return { source: toSourceJson(source) };
    },
  });

/**
 * The lead sources as the managers see them (docs/desk-api.md): the partner sources that post
 * signed leads, added, given new secrets, disabled and enabled, and every source's health.
 */
export const sourceRoutes = [
  route({
    method: 'get',
    path: '/sources',
    summary: 'The partner sources',
    who: 'manager',
    description: 'Partners and portals that post signed leads to /intake/partners/{name}.',
    answer: {
      status: 200,
      description: 'Every source, by name.',
      json: partnerSourcesAnswerSchema,
    },
    handle: (_input, { sources, clock }) => ({
      sources: sources.list(clock.now()).map(toSourceJson),
    }),
  }),
  route({
    method: 'post',
    path: '/sources',
    summary: 'Add a partner source',
    who: 'manager',
    description: 'The answer is the only time the secret is shown.',
    body: newPartnerSourceSchema,
    answer: {
      status: 201,
      description: 'The new source and its secret.',
      json: partnerSecretAnswerSchema,
    },
    errors: [409],
    handle: ({ body: { name }, res }, { sources, clock, logger }) => {
      const { source, secret } = sourceChange(() => sources.add(name, clock.now()));
      logger.info({ userId: currentUser(res).id, source: name }, 'partner source added');
      return { source: toSourceJson(source), secret };
    },
  }),
  route({
    method: 'post',
    path: '/sources/{name}/rotate',
    summary: 'Issue a new secret for a partner source',
    who: 'manager',
    description: 'The previous secret is accepted for 24 hours more; the new one is shown once.',
    answer: {
      status: 200,
      description: 'The source and its new secret.',
      json: partnerSecretAnswerSchema,
    },
    handle: ({ req, res }, { sources, clock, logger }) => {
      const name = String(req.params.name);
      const { source, secret } = sourceChange(() => sources.rotate(name, clock.now()));
      logger.info({ userId: currentUser(res).id, source: name }, 'partner source secret rotated');
      return { source: toSourceJson(source), secret };
    },
  }),
  switchRoute(
    'disable',
    'Disable a partner source',
    'Its requests are refused (403) from the next one on.',
  ),
  switchRoute('enable', 'Enable a partner source again'),
  route({
    method: 'get',
    path: '/source-health',
    summary: "Each lead source's figures and alerts",
    who: 'manager',
    description:
      'Per source (the site, Google Ads and Meta when configured, every partner source): leads today (India day) and in the last seven India days, the last lead, refused requests in 24 hours and 7 days, failed Graph reads (Meta) and the alerts the managers were emailed and that have not recovered. See docs/operations.md.',
    answer: { status: 200, description: 'The sources.', json: sourceHealthAnswerSchema },
    handle: (_input, { sourceHealth }) => sourceHealth.report(),
  }),
];
