import { STAGE_LABELS, STAGES, type Stage } from '@iconia/shared';
import { text, type Env } from './env-schema.ts';

/** The stages Google may be told of: every one a buyer reaches after their enquiry. */
export type ReportedStage = Exclude<Stage, 'new'>;

/**
 * Google Ads' scheduled upload of offline conversions: the credentials Google fetches
 * `/conversions/google-ads.csv` with, and the conversion action each stage is reported as.
 */
export interface GoogleConversionsSettings {
  /** `GOOGLE_CONVERSIONS_USER`: the username typed into the schedule in Google Ads. */
  user: string;
  /** `GOOGLE_CONVERSIONS_PASSWORD`: its password. */
  password: string;
  /** `GOOGLE_CONVERSION_NAMES`: each reported stage's conversion action; others are left out. */
  names: ReadonlyMap<ReportedStage, string>;
}

/** The section of the configuration: undefined, the feed answers 404. */
export interface GoogleConversionsConfig {
  googleConversions: GoogleConversionsSettings | undefined;
}

export const GOOGLE_CONVERSIONS_ENV = {
  // Read as a group by `readGoogleConversionsSettings`; the password is never echoed back.
  GOOGLE_CONVERSIONS_USER: text(),
  GOOGLE_CONVERSIONS_PASSWORD: text(),
  GOOGLE_CONVERSION_NAMES: text(),
};

const GROUP = [
  'GOOGLE_CONVERSIONS_USER',
  'GOOGLE_CONVERSIONS_PASSWORD',
  'GOOGLE_CONVERSION_NAMES',
] as const;

const PASSWORD_MIN_LENGTH = 16;

const REPORTED = STAGES.filter((stage): stage is ReportedStage => stage !== 'new');

/** A stage named as the desk shows it ("Site visit done") or by its key (`visit_done`). */
function stageNamed(name: string): ReportedStage | undefined {
  const wanted = name.toLowerCase();
  return REPORTED.find((stage) => stage === wanted || STAGE_LABELS[stage].toLowerCase() === wanted);
}

/**
 * `Contacted=Lead contacted,Site visit done=Site visit,Booked=Booking`: stage=name pairs, the
 * name exactly as the conversion action is called in Google Ads.
 */
export function parseConversionNames(value: string): {
  names: Map<ReportedStage, string>;
  problems: string[];
} {
  const names = new Map<ReportedStage, string>();
  const problems: string[] = [];
  const known = REPORTED.map((stage) => STAGE_LABELS[stage]).join(', ');
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    const stageName = (at < 0 ? pair : pair.slice(0, at)).trim();
    const name = at < 0 ? '' : pair.slice(at + 1).trim();
    if (stageName === '' && name === '') continue;
    const stage = stageNamed(stageName);
    if (!stage) {
      problems.push(
        `GOOGLE_CONVERSION_NAMES names an unknown stage "${stageName}": use ${known} (New is every enquiry and is not reported).`,
      );
    } else if (name === '') {
      problems.push(
        `GOOGLE_CONVERSION_NAMES gives no conversion name for "${stageName}": write it as ${STAGE_LABELS[stage]}=<the conversion action's name in Google Ads>.`,
      );
    } else if (names.has(stage)) {
      problems.push(`GOOGLE_CONVERSION_NAMES names "${STAGE_LABELS[stage]}" twice.`);
    } else names.set(stage, name);
  }
  return { names, problems };
}

/**
 * Reads the feed's settings: the three together or none (then `/conversions/google-ads.csv`
 * answers 404).
 */
export function readGoogleConversionsSettings(env: Env): {
  settings?: GoogleConversionsSettings;
  problems: string[];
} {
  const given = GROUP.filter((name) => env[name] !== undefined);
  if (given.length === 0) return { problems: [] };
  if (given.length < GROUP.length) {
    const missing = GROUP.filter((name) => env[name] === undefined);
    return {
      problems: [
        `${GROUP.join(', ')} go together: set all three to publish the Google Ads conversions feed, or none (missing: ${missing.join(', ')}).`,
      ],
    };
  }
  const { names, problems } = parseConversionNames(env.GOOGLE_CONVERSION_NAMES ?? '');
  if ((env.GOOGLE_CONVERSIONS_PASSWORD ?? '').length < PASSWORD_MIN_LENGTH) {
    problems.push(
      `GOOGLE_CONVERSIONS_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters: the feed is on the open internet.`,
    );
  }
  if (problems.length === 0 && names.size === 0) {
    problems.push('GOOGLE_CONVERSION_NAMES names no stage: write e.g. Booked=Booking.');
  }
  if (problems.length > 0) return { problems };
  return {
    settings: {
      user: env.GOOGLE_CONVERSIONS_USER ?? '',
      password: env.GOOGLE_CONVERSIONS_PASSWORD ?? '',
      names,
    },
    problems,
  };
}
