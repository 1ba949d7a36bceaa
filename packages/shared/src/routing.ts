import * as v from 'valibot';
import { ROLES, deskLeadRowSchema } from './desk.ts';
import { jsonBody } from './desk-requests.ts';

/*
 * Routing's part of the desk API (docs/desk-api.md): who is on duty, the managers' settings
 * (automatic assignment, first-response target, working hours) and each person's buyers still
 * waiting for a first call. One schema per body and answer, read by the API, the desk and the
 * OpenAPI document alike.
 */

/** Why a buyer was handed to someone. */
export const ASSIGNMENT_REASONS = ['new', 'returning', 'on_duty', 'reassigned', 'manual'] as const;
export type AssignmentReason = (typeof ASSIGNMENT_REASONS)[number];

/** The longest first-response target a manager may set, in working minutes (two long days). */
export const MAX_TARGET_MINUTES = 1_440;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const id = v.pipe(v.number(), v.integer());
const time = v.pipe(
  v.string(),
  v.metadata({ format: 'date-time', examples: ['2026-11-21T15:45:00+05:30'] }),
  v.description('India time with its offset.'),
);

const clockTime = (name: string) =>
  v.pipe(
    v.string(`"${name}" must be a time written HH:MM, such as 09:00.`),
    v.regex(CLOCK_TIME, `"${name}" must be a time written HH:MM, such as 09:00.`),
    v.description('India time, 24-hour HH:MM.'),
    v.examples(['09:00']),
  );

/** `PUT /duty` and `PUT /users/:id/duty`. */
export const dutyChangeSchema = jsonBody({
  onDuty: v.pipe(
    v.boolean('"onDuty" must be true or false.'),
    v.description('True: takes new buyers in turn. False: takes none (their own buyers stay).'),
  ),
});
export type DutyChange = v.InferOutput<typeof dutyChangeSchema>;

/** `PATCH /routing`: any of the settings; those left out keep their value. */
export const routingSettingsChangeSchema = jsonBody({
  autoAssign: v.optional(
    v.pipe(
      v.boolean('"autoAssign" must be true or false.'),
      v.description('Off: new buyers wait unassigned until it is turned on again.'),
    ),
  ),
  targetMinutes: v.optional(
    v.pipe(
      v.number(
        `"targetMinutes" must be a whole number of minutes from 1 to ${MAX_TARGET_MINUTES}.`,
      ),
      v.integer(
        `"targetMinutes" must be a whole number of minutes from 1 to ${MAX_TARGET_MINUTES}.`,
      ),
      v.minValue(
        1,
        `"targetMinutes" must be a whole number of minutes from 1 to ${MAX_TARGET_MINUTES}.`,
      ),
      v.maxValue(
        MAX_TARGET_MINUTES,
        `"targetMinutes" must be a whole number of minutes from 1 to ${MAX_TARGET_MINUTES}.`,
      ),
      v.description('The first-response target, in working minutes.'),
    ),
  ),
  workStart: v.optional(clockTime('workStart')),
  workEnd: v.optional(
    v.pipe(
      clockTime('workEnd'),
      v.description(
        'India time, 24-hour HH:MM; before workStart, the hours run over midnight; equal to it, round the clock.',
      ),
    ),
  ),
});
export type RoutingSettingsChange = v.InferOutput<typeof routingSettingsChangeSchema>;

export const routingSettingsSchema = v.object({
  autoAssign: v.pipe(
    v.boolean(),
    v.description('New buyers are handed out in turn to the people on duty.'),
  ),
  targetMinutes: v.pipe(id, v.description('The first-response target, in working minutes.')),
  workStart: v.pipe(v.string(), v.description('When working hours start, India time (HH:MM).')),
  workEnd: v.pipe(
    v.string(),
    v.description('When they end, every day of the week; the target counts only in between.'),
  ),
});
export type RoutingSettings = v.InferOutput<typeof routingSettingsSchema>;

/** A desk account and whether it takes new buyers. */
export const dutySchema = v.object({
  id,
  name: v.string(),
  role: v.picklist(ROLES),
  onDuty: v.boolean(),
});
export type Duty = v.InferOutput<typeof dutySchema>;

/** `GET /duty`, `PUT /duty`, `PUT /users/:id/duty`. */
export const dutyAnswerSchema = v.object({ duty: dutySchema });
export type DutyAnswer = v.InferOutput<typeof dutyAnswerSchema>;

/** `GET /routing`, `PATCH /routing`: the managers' routing panel. */
export const routingAnswerSchema = v.object({
  settings: routingSettingsSchema,
  next: v.pipe(
    v.nullable(v.object({ id, name: v.string() })),
    v.description('Who gets the next new buyer; null when nobody is on duty.'),
  ),
  people: v.pipe(
    v.array(dutySchema),
    v.description('Every active account, on duty or not, by name.'),
  ),
  waiting: v.pipe(
    v.pipe(v.number(), v.integer(), v.minValue(0)),
    v.description('Buyers waiting unassigned until someone is on duty (or assignment is on).'),
  ),
});
export type RoutingAnswer = v.InferOutput<typeof routingAnswerSchema>;

/** One of the signed-in person's buyers that nobody has called yet since it became theirs. */
export const unansweredBuyerSchema = v.object({
  lead: deskLeadRowSchema,
  assignedAt: time,
  reason: v.picklist(ASSIGNMENT_REASONS),
  dueAt: v.pipe(
    v.nullable(time),
    v.description('When the first response is due; null when no target runs (a manual choice).'),
  ),
  workingMinutesLeft: v.pipe(
    v.nullable(v.number()),
    v.description('Working minutes to the target, negative once it has passed.'),
  ),
});
export type UnansweredBuyer = v.InferOutput<typeof unansweredBuyerSchema>;

/** `GET /routing/unanswered`: the soonest due first. */
export const unansweredAnswerSchema = v.object({ buyers: v.array(unansweredBuyerSchema) });
export type UnansweredAnswer = v.InferOutput<typeof unansweredAnswerSchema>;

/** One buyer past their first-response target, for the managers' Overdue now. */
export const overdueBuyerSchema = v.object({
  lead: deskLeadRowSchema,
  holder: v.pipe(
    v.object({ id, name: v.string() }),
    v.description('Who holds the buyer: the person whose first call is overdue.'),
  ),
  dueAt: v.pipe(time, v.description('When the first response was due.')),
  workingMinutesLate: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0),
    v.description('Working minutes since the target passed.'),
  ),
});
export type OverdueBuyer = v.InferOutput<typeof overdueBuyerSchema>;

/** `GET /routing/overdue`: the latest first. */
export const overdueAnswerSchema = v.object({ buyers: v.array(overdueBuyerSchema) });
export type OverdueAnswer = v.InferOutput<typeof overdueAnswerSchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** `GET /waiting`: what waits for a manager, as the desk's links show it. */
export const waitingAnswerSchema = v.object({
  held: v.pipe(count, v.description('Leads held over the per-address limit, not yet released.')),
  bookings: v.pipe(count, v.description("Plots whose booking waits for a manager's decision.")),
  overdue: v.pipe(count, v.description('Buyers past their first-response target.')),
});
export type WaitingAnswer = v.InferOutput<typeof waitingAnswerSchema>;
