import {
  ATTRIBUTION_MAX_LENGTH,
  CAMPAIGN_FIELDS,
  VISIT_FIELDS,
  type CampaignField,
  type VisitField,
} from '@iconia/shared';

/**
 * What brought the visitor, from the landing kept for the session: the campaign (`utm_*`,
 * `gclid`, and on iOS `gbraid` or `wbraid`), Meta's click id (`fbclid`), the path they landed on and the page that sent them.
 */
export type CampaignAttribution = Partial<Record<CampaignField | VisitField, string>>;

/** A page the visitor opened from outside the site (a full load), as the browser shows it. */
export interface Landing {
  /** The query string of the landing URL, with or without its `?`. */
  search: string;
  path: string;
  /** `document.referrer`: empty when the visitor typed the address or the sender withheld it. */
  referrer: string;
}

const STORAGE_KEY = 'iconia.attribution';
const STORED_FIELDS = [...CAMPAIGN_FIELDS, ...VISIT_FIELDS] as const;
const LINK_PARAMETERS = [...CAMPAIGN_FIELDS, 'fbclid', 'gbraid', 'wbraid'] as const;

/**
 * Records the landing that brought the visitor and keeps it in the tab's session storage, so a
 * lead sent several pages later still credits the ad and the page that brought the visitor; the
 * privacy policy (section 9) says so in plain words. One landing is kept per session (tab), by
 * one rule: a tagged landing (a link with a UTM parameter or a click id) replaces an
 * untagged one, so a visitor who browsed first and then followed an ad is credited to the ad;
 * once a tagged landing is kept, nothing later replaces it, so the first ad wins over later ones.
 * An untagged landing never replaces anything.
 */
export function captureAttribution(
  landing: Landing = currentLanding(),
  storage: Storage | null = sessionStorageOrNull(),
): CampaignAttribution {
  if (!storage) return {};
  const stored = readStored(storage);
  const arrived = readLanding(landing);
  if (stored && (isTagged(stored) || !isTagged(arrived))) return stored;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(arrived));
  } catch {
    // Storage full or refused: attribution is best effort and never blocks a lead.
  }
  return arrived;
}

/** What this session's kept landing recorded; empty when nothing was. */
export function getAttribution(
  storage: Storage | null = sessionStorageOrNull(),
): CampaignAttribution {
  return (storage && readStored(storage)) ?? {};
}

/** The campaign, click ids, path and referrer of one landing, trimmed and cut to length. */
function readLanding(landing: Landing): CampaignAttribution {
  const params = new URLSearchParams(landing.search);
  const attribution: CampaignAttribution = {};
  const keep = (field: CampaignField | VisitField, value: string | null | undefined) => {
    const trimmed = value?.trim();
    if (trimmed) attribution[field] = trimmed.slice(0, ATTRIBUTION_MAX_LENGTH);
  };
  for (const field of LINK_PARAMETERS) keep(field, params.get(field));
  keep('landingPage', landing.path);
  keep('referrer', landing.referrer);
  return attribution;
}

/** Whether a landing came through a tagged link: any UTM parameter or click id (`gclid`, `gbraid`, `wbraid`, `fbclid`). */
function isTagged(attribution: CampaignAttribution): boolean {
  return LINK_PARAMETERS.some((field) => attribution[field] !== undefined);
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
