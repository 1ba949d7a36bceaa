import * as v from 'valibot';

/*
 * What Meta posts to a Page webhook subscribed to the `leadgen` field: one or more entries (a
 * Page each), each with changes; a `leadgen` change names a new lead by its `leadgen_id`, and the
 * lead itself is then read from the Graph API. Other fields Meta may add are kept as they come.
 */

export const META_INTAKE_PATH = '/intake/meta';

/** A webhook post names a few leads; far bigger bodies are not Meta's. */
export const META_BODY_LIMIT_BYTES = 64 * 1024;

export const META_REPLIES = {
  handshakeRefused: 'The verify token does not match, or hub.mode is not subscribe.',
  badSignature: 'The X-Hub-Signature-256 signature is missing or does not match the body.',
  /** As every intake endpoint answers a body over the limit. */
  tooLarge: 'The request body is over 64 kB.',
  invalid: (field: string) => `Invalid field: ${field}.`,
} as const;

/**
 * Meta's ids are digits, sent as text or, in real deliveries, as JSON numbers
 * (`"leadgen_id": 130528934038370`, `"ad_id": 0`); either way they are kept as text, exactly as
 * sent (a number too big for JavaScript is read as its digits before this).
 */
const graphId = (description: string) =>
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(String),
    v.regex(/^\d{1,32}$/),
    v.description(description),
  );

/** An id that only informs: read as absent when it is not one, never refused. */
const optionalGraphId = (description: string) =>
  v.fallback(v.optional(graphId(description)), undefined);

export const metaLeadgenValueSchema = v.pipe(
  v.looseObject({
    leadgen_id: graphId('The lead’s id: read it from the Graph API; the idempotency key.'),
    page_id: optionalGraphId('The Page the lead form belongs to.'),
    form_id: optionalGraphId('The lead form.'),
    ad_id: optionalGraphId('The ad, when the lead came from one (0 when none).'),
    adgroup_id: optionalGraphId('The ad set (ad group), when the lead came from an ad.'),
    created_time: v.fallback(
      v.optional(
        v.pipe(v.number(), v.integer(), v.description('When the lead was made, Unix seconds.')),
      ),
      undefined,
    ),
  }),
  v.title('MetaLeadgenValue'),
);

export const metaWebhookSchema = v.pipe(
  v.looseObject({
    object: v.pipe(v.literal('page'), v.description('Lead ads notify on the Page object.')),
    entry: v.pipe(
      v.array(
        v.looseObject({
          id: optionalGraphId('The Page id.'),
          time: v.fallback(v.optional(v.number()), undefined),
          changes: v.pipe(
            v.array(
              v.looseObject({
                field: v.pipe(
                  v.string(),
                  v.description(
                    '`leadgen` for a new lead; other fields are acknowledged and ignored.',
                  ),
                ),
                value: v.unknown(),
              }),
            ),
            v.maxLength(1_000),
          ),
        }),
      ),
      v.minLength(1),
      v.maxLength(1_000),
    ),
  }),
  v.title('MetaLeadgenWebhook'),
);

export type MetaWebhook = v.InferOutput<typeof metaWebhookSchema>;
export type MetaLeadgenValue = v.InferOutput<typeof metaLeadgenValueSchema>;

/** `entry.0.changes.1.value.leadgen_id`, as a 400 names the field at fault. */
export function metaIssuePath(issue: v.BaseIssue<unknown>): string {
  return v.getDotPath(issue) ?? 'body';
}

/**
 * The leadgen changes of a webhook body, in order, or the first field at fault. The value of a
 * change of another field is not read.
 */
export function parseMetaLeadgens(
  body: unknown,
): { leadgens: MetaLeadgenValue[] } | { field: string } {
  const outer = v.safeParse(metaWebhookSchema, body);
  if (!outer.success) return { field: metaIssuePath(outer.issues[0]) };
  const leadgens: MetaLeadgenValue[] = [];
  for (const [entryIndex, entry] of outer.output.entry.entries()) {
    for (const [changeIndex, change] of entry.changes.entries()) {
      if (change.field !== 'leadgen') continue;
      const value = v.safeParse(metaLeadgenValueSchema, change.value);
      if (!value.success) {
        const inner = v.getDotPath(value.issues[0]);
        return {
          field: `entry.${entryIndex}.changes.${changeIndex}.value${inner ? `.${inner}` : ''}`,
        };
      }
      leadgens.push(value.output);
    }
  }
  return { leadgens };
}
