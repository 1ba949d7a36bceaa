import * as v from 'valibot';
import { deskLeadRowSchema } from './desk.ts';
import { jsonBody } from './desk-requests.ts';

/*
 * A manager merges two buyers in the desk API (docs/desk-api.md): the same person wrote from two
 * numbers, or a lead came without a usable mobile. The buyer of the path joins the buyer `into`:
 * their enquiries, notes, visits, plots and routing become the other's, and their own record goes.
 */

const INTO_MESSAGE = '"into" must be the id of the buyer who stays.';

/** `POST /buyers/:id/merge`: the buyer who stays. */
export const buyerMergeSchema = jsonBody({
  into: v.pipe(
    v.number(INTO_MESSAGE),
    v.safeInteger(INTO_MESSAGE),
    v.minValue(1, INTO_MESSAGE),
    v.description(
      'The buyer who stays (a `buyerId` of the inbox): they keep their mobile (or take the other’s when they have none) and their owner (or take the other’s).',
    ),
  ),
});
export type BuyerMergeBody = v.InferOutput<typeof buyerMergeSchema>;

/** What a merge answers: the buyer who stayed, with every enquiry of both. */
export const buyerMergeAnswerSchema = v.object({
  lead: v.pipe(
    deskLeadRowSchema,
    v.description('The buyer who stayed, on their latest enquiry, as the inbox lists them now.'),
  ),
});
export type BuyerMergeAnswer = v.InferOutput<typeof buyerMergeAnswerSchema>;
