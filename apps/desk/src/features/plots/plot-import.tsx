import { useFetcher } from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, ApiError, attempt, type ActionResult } from '../../lib/api.ts';
import type { PlotImportAnswer, PlotImportRefusal } from '../../lib/types.ts';
import styles from './plots.module.css';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';

export interface ImportResult extends ActionResult {
  intent: 'import';
  /** Every bad row of a refused file, by its line. */
  problems?: PlotImportRefusal['problems'];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function refusedProblems(error: unknown): PlotImportRefusal['problems'] | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) {
    return undefined;
  }
  const { problems } = error.body as Partial<PlotImportRefusal>;
  return Array.isArray(problems) ? problems : undefined;
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
  const fetcher = useFetcher<ImportResult>({ key: 'plot-import' });
  const form = useResetOnSuccess(fetcher.data);
  const busy = fetcher.state !== 'idle';
  const problems = fetcher.data?.problems ?? [];
  return (
    <section className={ui.card} aria-labelledby="plot-import">
      <h2 id="plot-import">Import plots from a CSV file</h2>
      <p className={ui.hint} id="plot-import-hint">
        Columns: number, phase, size_sq_yd, facing, corner (yes or no), price or rate_per_sq_yd, and
        optionally status. A plot already listed is updated by its number and keeps its hold or
        booking. If any row is wrong, nothing is imported.
      </p>
      <fetcher.Form method="post" encType="multipart/form-data" ref={form}>
        <input type="hidden" name="intent" value="import" />
        <div className={ui.field}>
          <label htmlFor="plot-file">CSV file</label>
          <input
            id="plot-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="plot-import-hint"
            required
          />
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Importing…' : 'Import plots'}
        </button>
        <ErrorText>{fetcher.data?.error}</ErrorText>
        {problems.length > 0 ? (
          <ul className={styles.errors} aria-label="Rows to correct">
            {problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        ) : null}
        <Notice>{fetcher.data?.message}</Notice>
      </fetcher.Form>
    </section>
  );
}
