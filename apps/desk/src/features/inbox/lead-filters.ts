import { mobileSearchDigits } from '@iconia/shared';
import { indiaDay } from '../../lib/format.ts';
import {
  FORMS,
  STAGES,
  type Form,
  type LeadPageParams,
  type LeadRow,
  type Stage,
} from '../../lib/types.ts';

/** The inbox filters, kept in the page's address so a filtered view can be shared or reloaded. */
export interface LeadFilters {
  stage: Stage | '';
  form: Form | '';
  utmSource: string;
  utmCampaign: string;
  /** `me`, `none`, a user id, or '' for anyone. */
  owner: string;
  from: string;
  to: string;
  due: boolean;
  /** Only the leads the site judged as spam (they are hidden otherwise). */
  spam: boolean;
  /** Only the leads held over the per-address limit, which a manager may release. */
  held: boolean;
  /** Managers: only the test leads an ad platform sent (hidden otherwise). */
  test: boolean;
  /** Only the buyers whose WhatsApp messages wait for our reply. */
  waiting: boolean;
  q: string;
}

const FILTER_KEYS = [
  'stage',
  'form',
  'utmSource',
  'utmCampaign',
  'owner',
  'from',
  'to',
  'due',
  'spam',
  'held',
  'test',
  'waiting',
  'q',
] as const satisfies readonly (keyof LeadPageParams)[];

const isStage = (value: string): value is Stage => (STAGES as readonly string[]).includes(value);
const isForm = (value: string): value is Form => (FORMS as readonly string[]).includes(value);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const stage = text('stage');
  const form = text('form');
  const owner = text('owner');
  return {
    stage: isStage(stage) ? stage : '',
    form: isForm(form) ? form : '',
    utmSource: text('utmSource'),
    utmCampaign: text('utmCampaign'),
    owner: owner === 'me' || owner === 'none' || /^\d+$/.test(owner) ? owner : '',
    from: DATE.test(text('from')) ? text('from') : '',
    to: DATE.test(text('to')) ? text('to') : '',
    due: text('due') === '1',
    spam: text('spam') === '1',
    held: text('held') === '1',
    test: text('test') === '1',
    waiting: text('waiting') === '1',
    q: text('q'),
  };
}

/** The API's query for these filters: only the ones that are set. */
export function leadFiltersQuery(filters: LeadFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === true) query.set(key, '1');
    else if (typeof value === 'string' && value) query.set(key, value);
  }
  return query;
}

export function isFiltered(filters: LeadFilters): boolean {
  return leadFiltersQuery(filters).size > 0;
}

/**
 * Whether a lead that just arrived belongs in the list on screen, so the live inbox adds only
 * leads the filters would have shown. `myId` is the signed-in person's id.
 */
export function matchesFilters(lead: LeadRow, filters: LeadFilters, myId: number): boolean {
  if (filters.stage && lead.stage !== filters.stage) return false;
  if (filters.form && lead.form !== filters.form) return false;
  if (filters.utmSource && lead.utmSource !== filters.utmSource) return false;
  if (filters.utmCampaign && lead.utmCampaign !== filters.utmCampaign) return false;
  if (filters.owner === 'none' && lead.owner) return false;
  if (filters.owner === 'me' && lead.owner?.id !== myId) return false;
  if (/^\d+$/.test(filters.owner) && lead.owner?.id !== Number(filters.owner)) return false;
  const day = indiaDay(lead.receivedAt);
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  if (filters.due && (!lead.followUpAt || Date.parse(lead.followUpAt) > Date.now())) return false;
  // Live events never carry spam or test leads.
  if (filters.spam || filters.test) return false;
  if (filters.held && !lead.held) return false;
  if (filters.waiting && lead.whatsappWaiting === 0) return false;
  if (filters.q && !matchesSearch(lead, filters.q)) return false;
  return true;
}

/** As the API searches: a mobile number or part of one in the mobile, anything else in the name. */
function matchesSearch(lead: LeadRow, q: string): boolean {
  const digits = mobileSearchDigits(q);
  if (digits !== undefined) return lead.mobile.includes(digits);
  return lead.name.toLowerCase().includes(q.toLowerCase());
}
