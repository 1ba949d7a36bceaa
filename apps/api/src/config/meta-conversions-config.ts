// META_GRAPH_URL is checked once, by the lead ads reader, whichever of Meta's channels is on.
import { DEFAULT_META_GRAPH_URL } from './meta-config.ts';

/** Where the desk's stages go back to Meta: the dataset and the token that may write to it. */
export interface MetaConversionsSettings {
  /** `META_DATASET_ID`: the Events Manager dataset (pixel) the CRM events go to. */
  datasetId: string;
  /** `META_CONVERSIONS_TOKEN`: the Conversions API access token made for that dataset. */
  token: string;
  /** `META_GRAPH_URL`: Graph's base URL with the API version, without a trailing slash. */
  graphUrl: string;
}

export interface MetaConversionsInput {
  datasetId: string | undefined;
  token: string | undefined;
  graphUrl: string | undefined;
}

/**
 * Reads the Conversions API settings: the dataset and its token together or neither (no stage is
 * queued for Meta). The token is never echoed back; the dataset id, which is no secret, is.
 */
export function readMetaConversionsSettings(input: MetaConversionsInput): {
  settings?: MetaConversionsSettings;
  problems: string[];
} {
  const { datasetId, token } = input;
  const graphUrl = input.graphUrl ?? DEFAULT_META_GRAPH_URL;
  const problems: string[] = [];
  if ((datasetId === undefined) !== (token === undefined)) {
    problems.push(
      `META_DATASET_ID and META_CONVERSIONS_TOKEN go together: set both to send the desk's stages to Meta, or neither (missing: ${datasetId === undefined ? 'META_DATASET_ID' : 'META_CONVERSIONS_TOKEN'}).`,
    );
  }
  if (datasetId !== undefined && !/^\d{5,30}$/.test(datasetId)) {
    problems.push(
      `META_DATASET_ID must be the dataset's number as Events Manager shows it (digits only; got "${datasetId}").`,
    );
  }
  if (problems.length > 0 || datasetId === undefined || token === undefined) return { problems };
  return { settings: { datasetId, token, graphUrl: graphUrl.replace(/\/+$/, '') }, problems };
}
