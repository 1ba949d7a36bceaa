import { ATTRIBUTION_MAX_LENGTH, CAMPAIGN_FIELDS, type CampaignField } from '@iconia/shared';

/** The campaign that brought the visitor: `utm_*` and `gclid` from their first landing URL. */
export type CampaignAttribution = Partial<Record<CampaignField, string>>;

const STORAGE_KEY = 'iconia.attribution';

/**
 * Reads the campaign parameters of the landing URL once per browser session (tab) and keeps
 * them in the tab's session storage, so a lead sent several pages later still credits the ad
 * that brought the visitor; the privacy policy (section 9) says so in plain words. Later
 * landings in the same session do not overwrite the first one, with or without parameters.
 */
export function captureAttribution(
  search: string = window.location.search,
  storage: Storage | null = sessionStorageOrNull(),
): CampaignAttribution {
  if (!storage) return {};
  const stored = readStored(storage);
  if (stored) return stored;

  const params = new URLSearchParams(search);
  const attribution: CampaignAttribution = {};
  for (const field of CAMPAIGN_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) attribution[field] = value.slice(0, ATTRIBUTION_MAX_LENGTH);
  }
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(attribution));
  } catch {
    // Storage full or refused: attribution is best effort and never blocks a lead.
  }
  return attribution;
}

/** The campaign captured on this session's first landing; empty when there was none. */
export function getAttribution(
  storage: Storage | null = sessionStorageOrNull(),
): CampaignAttribution {
  return (storage && readStored(storage)) ?? {};
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
      for (const field of CAMPAIGN_FIELDS) {
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
