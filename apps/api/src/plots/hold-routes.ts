import {
  plotAnswerSchema,
  plotCancelBookingSchema,
  plotExtendSchema,
  plotHoldRequestSchema,
  plotRefusalSchema,
  type PlotAnswer,
} from '@iconia/shared';
import { currentUser } from '../desk/auth.ts';
import { toPlotJson } from './plot-json.ts';
import type { PlotRow } from './plot-rows.ts';
import { plotId, route } from './plot-routes.ts';

const plotAnswer = (plot: PlotRow): PlotAnswer => ({ plot: toPlotJson(plot) });

/** A plot's hold for a buyer and its booking, from the request to a manager's decision. */
export const holdRoutes = [
  route({
    method: 'post',
    path: '/plots/{id}/hold',
    summary: 'Hold a plot for a buyer',
    who: 'signed in',
    description:
      'For 48 hours; agents hold for their own and unassigned buyers. A plot held already answers 409 naming who holds it and until when.',
    body: plotHoldRequestSchema,
    answer: { status: 201, description: 'The plot, held.', json: plotAnswerSchema },
    errors: [409],
    handle: ({ req, res, body }, { inventory, clock }) =>
      plotAnswer(inventory.hold(plotId(req), body.leadId, currentUser(res), clock.now())),
  }),
  route({
    method: 'delete',
    path: '/plots/{id}/hold',
    summary: 'Release a hold',
    who: 'signed in',
    description: 'The agent who holds it, or a manager.',
    answer: { status: 200, description: 'The plot, available.', json: plotAnswerSchema },
    errors: [409],
    handle: ({ req, res }, { inventory, clock }) =>
      plotAnswer(inventory.release(plotId(req), currentUser(res), clock.now())),
  }),
  route({
    method: 'post',
    path: '/plots/{id}/hold/extend',
    summary: 'Extend a hold',
    who: 'manager',
    body: plotExtendSchema,
    answer: { status: 200, description: 'The plot, held longer.', json: plotAnswerSchema },
    errors: [409],
    handle: ({ req, res, body }, { inventory, clock }) =>
      plotAnswer(inventory.extend(plotId(req), body.hours, currentUser(res), clock.now())),
  }),
  route({
    method: 'post',
    path: '/plots/{id}/booking',
    summary: 'Request the booking of a held plot',
    who: 'signed in',
    description: 'The agent who holds it, or a manager. The hold stays while a manager decides.',
    answer: {
      status: 201,
      description: 'The plot, booking requested.',
      json: plotAnswerSchema,
    },
    errors: [409],
    handle: ({ req, res }, { inventory, clock }) =>
      plotAnswer(inventory.requestBooking(plotId(req), currentUser(res), clock.now())),
  }),
  route({
    method: 'post',
    path: '/plots/{id}/booking/approve',
    summary: 'Approve a booking',
    who: 'manager',
    description: 'The plot is booked and the buyer’s stage becomes Booked.',
    answer: { status: 200, description: 'The plot, booked.', json: plotAnswerSchema },
    errors: [409],
    handle: ({ req, res }, { inventory, clock }) =>
      plotAnswer(inventory.approve(plotId(req), currentUser(res), clock.now())),
  }),
  route({
    method: 'post',
    path: '/plots/{id}/booking/refuse',
    summary: 'Refuse a booking',
    who: 'manager',
    description: 'The plot goes back to held for the buyer.',
    body: plotRefusalSchema,
    answer: { status: 200, description: 'The plot, held.', json: plotAnswerSchema },
    errors: [409],
    handle: ({ req, res, body }, { inventory, clock }) =>
      plotAnswer(inventory.refuse(plotId(req), body.reason, currentUser(res), clock.now())),
  }),
  route({
    method: 'post',
    path: '/plots/{id}/booking/cancel',
    summary: 'Cancel an approved booking',
    who: 'manager',
    description:
      'The buyer withdrew, say: the plot becomes available, the booking is kept as cancelled with who, when and why, and the buyer’s stage leaves Booked (to Site visit done or scheduled if their visits say so, else Contacted) unless another plot stays booked for them. A plot not booked through the desk is refused with 409.',
    body: plotCancelBookingSchema,
    answer: { status: 200, description: 'The plot, available.', json: plotAnswerSchema },
    errors: [409],
    handle: ({ req, res, body }, { inventory, clock, logger }) => {
      const id = plotId(req);
      const user = currentUser(res);
      const plot = inventory.cancelBooking(id, body.reason, user, clock.now());
      logger.info({ userId: user.id, plotId: id }, 'plot booking cancelled');
      return plotAnswer(plot);
    },
  }),
];
