import {
  CsvImportForm,
  plural,
  refusedProblems,
  type CsvImportResult,
} from '../../components/csv-import.tsx';
import { ui } from '../../components/ui.ts';
import { api, ApiError, attempt } from '../../lib/api.ts';
import type { PlotImportAnswer } from '../../lib/types.ts';

export interface ImportResult extends CsvImportResult {
  intent: 'import';
}

/** Sends the chosen CSV file as it is; the API imports all of it or none. */
export async function importPlots(form: FormData): Promise<ImportResult> {
  const file = form.get('file');
  let problems: ImportResult['problems'];
  const result = await attempt(async () => {
    if (!(file instanceof File) || file.size === 0) {
      throw new ApiError(400, 'Choose the CSV file of the plots first.');
    }
    try {
      const { created, updated } = await api<PlotImportAnswer>('/plots/import', {
        method: 'POST',
        file: { type: 'text/csv', text: await file.text() },
      });
      return `Imported ${file.name}: ${plural(created, 'new plot', 'new plots')}, ${plural(updated, 'plot', 'plots')} updated.`;
    } catch (error) {
      problems = refusedProblems(error);
      throw error;
    }
  });
  return { ...result, intent: 'import', ...(problems ? { problems } : {}) };
}

/** Managers import the plot list; a refused file lists every bad row by its line. */
export function PlotImport() {
  return (
    <section className={ui.card} aria-labelledby="plot-import">
      <h2 id="plot-import">Import plots from a CSV file</h2>
      <p className={ui.hint} id="plot-import-hint">
        Columns: number, phase, size_sq_yd, facing, corner (yes or no), price or rate_per_sq_yd, and
        optionally status. A plot already listed is updated by its number and keeps its hold or
        booking. If any row is wrong, nothing is imported.
      </p>
      <CsvImportForm
        intent="import"
        id="plot-file"
        label="CSV file"
        hintId="plot-import-hint"
        button="Import plots"
      />
    </section>
  );
}
