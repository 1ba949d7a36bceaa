import * as v from 'valibot';
import { deskLeadRowSchema } from './desk.ts';
import { jsonBody } from './desk-requests.ts';

/*
 * Held leads in the desk API (docs/desk-api.md): leads kept over the per-address limit, which a
 * manager releases one, several or all of the last hour at a time. Each release is on the
 * buyer's timeline and the lead is then emailed and routed as a new lead.
 */

/** The most leads one release names; the last hour's release takes any number. */
export const MAX_RELEASE_LEADS = 100;
/** How many held leads the list shows, newest first. */
export const HELD_LIST_LIMIT = 200;

const LEAD_IDS_MESSAGE = `"leadIds" must list from 1 to ${MAX_RELEASE_LEADS} lead ids.`;

/** `POST /held/release`: the held leads chosen, by id. */
export const heldReleaseSchema = jsonBody({
  leadIds: v.pipe(
    v.array(
      v.pipe(
        v.number(LEAD_IDS_MESSAGE),
        v.integer(LEAD_IDS_MESSAGE),
        v.minValue(1, LEAD_IDS_MESSAGE),
      ),
      LEAD_IDS_MESSAGE,
    ),
    v.minLength(1, LEAD_IDS_MESSAGE),
    v.maxLength(MAX_RELEASE_LEADS, LEAD_IDS_MESSAGE),
    v.description('The ids of held leads, as the held list gives them.'),
  ),
});
export type HeldReleaseBody = v.InferOutput<typeof heldReleaseSchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** `GET /held`. */
export const heldLeadsAnswerSchema = v.object({
  leads: v.pipe(
    v.array(deskLeadRowSchema),
    v.description(`The held leads, lead by lead, newest first (at most ${HELD_LIST_LIMIT}).`),
  ),
  total: v.pipe(count, v.description('How many leads are held.')),
  lastHour: v.pipe(count, v.description('How many of them came in during the last hour.')),
});
export type HeldLeadsAnswer = v.InferOutput<typeof heldLeadsAnswerSchema>;

/** What a release did. */
export const heldReleaseAnswerSchema = v.object({
  released: v.pipe(
    v.array(deskLeadRowSchema),
    v.description('The leads released, as they are now: queued for sales and routed.'),
  ),
  notHeld: v.pipe(
    v.array(v.pipe(v.number(), v.integer())),
    v.description('Ids named that were not held (released already, erased or unknown).'),
  ),
});
export type HeldReleaseAnswer = v.InferOutput<typeof heldReleaseAnswerSchema>;
