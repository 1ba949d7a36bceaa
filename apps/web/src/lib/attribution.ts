import {
  ATTRIBUTION_MAX_LENGTH,
  CAMPAIGN_FIELDS,
  VISIT_FIELDS,
  type CampaignField,
  type VisitField,
} from '@iconia/shared';

/**
 * What brought the visitor, from their first landing: the campaign (`utm_*`, `gclid`), Meta's
 * click id (`fbclid`), the path they landed on and the page that sent them.
 */
export type CampaignAttribution = Partial<Record<CampaignField | VisitField, string>>;

/** The first page of a visit as the browser shows it. */
export interface Landing {
  /** The query string of the landing URL, with or without its `?`. */
  search: string;
  path: string;
  /** `document.referrer`: empty when the visitor typed the address or the sender withheld it. */
  referrer: string;
}

const STORAGE_KEY = 'iconia.attribution';
const STORED_FIELDS = [...CAMPAIGN_FIELDS, ...VISIT_FIELDS] as const;
const LINK_PARAMETERS = [...CAMPAIGN_FIELDS, 'fbclid'] as const;

/**
 * Reads the first landing once per browser session (tab) and keeps it in the tab's session
 * storage, so a lead sent several pages later still credits the ad and the page that brought the
 * visitor; the privacy policy (section 9) says so in plain words. Later landings in the same
 * session do not overwrite the first one, with or without parameters.
 */
export function captureAttribution(
  landing: Landing = currentLanding(),
  storage: Storage | null = sessionStorageOrNull(),
): CampaignAttribution {
  if (!storage) return {};
  const stored = readStored(storage);
  if (stored) return stored;

  const params = new URLSearchParams(landing.search);
  const attribution: CampaignAttribution = {};
  const keep = (field: CampaignField | VisitField, value: string | null | undefined) => {
    const trimmed = value?.trim();
    if (trimmed) attribution[field] = trimmed.slice(0, ATTRIBUTION_MAX_LENGTH);
  };
  for (const field of LINK_PARAMETERS) keep(field, params.get(field));
  keep('landingPage', landing.path);
  keep('referrer', landing.referrer);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(attribution));
  } catch {
    // Storage full or refused: attribution is best effort and never blocks a lead.
  }
  return attribution;
}

/** What this session's first landing recorded; empty when nothing was. */
export function getAttribution(
  storage: Storage | null = sessionStorageOrNull(),
): CampaignAttribution {
  return (storage && readStored(storage)) ?? {};
}

function currentLanding(): Landing {
  return {
    search: window.location.search,
    path: window.location.pathname,
    referrer: document.referrer,
  };
}

function readStored(storage: Storage): CampaignAttribution | null {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const attribution: CampaignAttribution = {};
    if (parsed && typeof parsed === 'object') {
      for (const field of STORED_FIELDS) {
        const value = (parsed as Record<string, unknown>)[field];
        if (typeof value === 'string' && value) attribution[field] = value;
      }
    }
    return attribution;
  } catch {
    return {};
  }
}

/** Reading `sessionStorage` throws where the visitor blocks site data. */
function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
