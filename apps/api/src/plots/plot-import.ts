import { PLOT_STATUS_LABELS } from '@iconia/shared';
import { DeskError } from '../desk/desk-error.ts';
import type { Person } from '../desk/desk-types.ts';
import type { ImportProblem, ImportRow, PlotFacts } from './plot-rows.ts';
import { describe, plotOf } from './plot-rules.ts';
import type { PlotStore } from './plot-store.ts';

export class PlotImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`${problems.length} rows of the CSV cannot be imported`);
    this.name = 'PlotImportError';
  }
}

/** One row of an import applied: `created`, `updated`, or the problem that refuses it. */
function importRow(
  plots: PlotStore,
  row: ImportRow,
  actor: Person,
  now: number,
): 'created' | 'updated' | ImportProblem {
  const known = plots.byNumber(row.number);
  const facts: PlotFacts = { ...row };
  const imported = (plotId: number, text: string) =>
    plots.event({ plotId, at: now, type: 'imported', actorId: actor.id, buyerId: null, text });
  if (!known) {
    if (row.status === 'desk') {
      return {
        line: row.line,
        message: `plot ${row.number} is new: it is imported available or booked, and held in the desk.`,
      };
    }
    const id = plots.insertPlot(facts, row.status ?? 'available', now);
    imported(id, `Imported: ${describe(facts)}${row.status === 'booked' ? ', booked' : ''}`);
    return 'created';
  }
  if (row.status === 'booked' && known.status !== 'booked' && known.status !== 'available') {
    return {
      line: row.line,
      message: `plot ${row.number} is ${PLOT_STATUS_LABELS[known.status].toLowerCase()} for a buyer in the desk; settle that there before marking it booked.`,
    };
  }
  plots.updatePlot(known.id, facts, now);
  let text = `Updated by import: ${describe(facts)}`;
  if (row.status === 'booked' && known.status === 'available') {
    plots.setStatus(known.id, 'booked', now);
    text += ', booked';
  } else if (row.status === 'available' && known.status === 'booked' && !known.booked) {
    plots.setStatus(known.id, 'available', now);
    text += ', available';
  }
  imported(known.id, text);
  return 'updated';
}

/**
 * Applies every row or none: a new number adds a plot, a known one updates its facts and keeps
 * its holds and bookings. A CSV's `booked` marks a plot sold outside the desk; its `available`
 * frees such a plot again, and never ends a hold or a booking made in the desk.
 */
export function importPlots(
  plots: PlotStore,
  rows: readonly ImportRow[],
  actor: Person,
  now: number,
) {
  return plots.transaction(() => {
    const problems: ImportProblem[] = [];
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const result = importRow(plots, row, actor, now);
      if (result === 'created') created += 1;
      else if (result === 'updated') updated += 1;
      else problems.push(result);
    }
    // Thrown inside the transaction, so nothing of the file stays.
    if (problems.length > 0) throw new PlotImportError(problems);
    return { created, updated };
  });
}

/** A manager's correction of a plot's facts; its number stays. */
export function editPlot(
  plots: PlotStore,
  plotId: number,
  change: Partial<Omit<PlotFacts, 'number'>>,
  actor: Person,
  now: number,
) {
  plots.transaction(() => {
    const plot = plotOf(plots, plotId);
    const facts: PlotFacts = {
      number: plot.number,
      phase: change.phase ?? plot.phase,
      sizeSqYd: change.sizeSqYd ?? plot.size_sq_yd,
      facing: change.facing ?? plot.facing,
      corner: change.corner ?? plot.corner === 1,
      price: change.price === undefined ? plot.price : change.price,
      ratePerSqYd: change.ratePerSqYd === undefined ? plot.rate_per_sq_yd : change.ratePerSqYd,
    };
    if (facts.price === null && facts.ratePerSqYd === null) {
      throw new DeskError(400, 'A plot needs a price or a rate per sq. yd.');
    }
    plots.updatePlot(plotId, facts, now);
    plots.event({
      plotId,
      at: now,
      type: 'edited',
      actorId: actor.id,
      buyerId: null,
      text: `Corrected: ${describe(facts)}`,
    });
  });
  return plotOf(plots, plotId);
}
