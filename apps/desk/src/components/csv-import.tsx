import { useFetcher } from 'react-router';
import { ApiError, type ActionResult } from '../lib/api.ts';
import { useResetOnSuccess } from '../lib/use-reset-on-success.ts';
import { ErrorText, Notice } from './status.tsx';
import { buttonClass, ui } from './ui.ts';
import styles from './csv-import.module.css';

/** An import's answer: a refused file also lists every bad row by its line. */
export interface CsvImportResult extends ActionResult {
  problems?: Array<{ line: number; message: string }>;
}

/** The bad rows an API's 400 lists, when it lists them. */
export function refusedProblems(error: unknown): CsvImportResult['problems'] {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) {
    return undefined;
  }
  const { problems } = error.body as { problems?: unknown };
  return Array.isArray(problems) ? (problems as CsvImportResult['problems']) : undefined;
}

export const plural = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * A form that posts one CSV file to its route's action under `intent`; the answer's sentence,
 * or its error and every bad row by line, shows under the button. The file is cleared once it
 * was imported.
 */
export function CsvImportForm(props: {
  intent: string;
  /** The input's id, and the fetcher's key. */
  id: string;
  label: string;
  hintId: string;
  button: string;
}) {
  const { intent, id, label, hintId, button } = props;
  const fetcher = useFetcher<CsvImportResult>({ key: id });
  const form = useResetOnSuccess(fetcher.data);
  const busy = fetcher.state !== 'idle';
  const problems = fetcher.data?.problems ?? [];
  return (
    <fetcher.Form method="post" encType="multipart/form-data" ref={form}>
      <input type="hidden" name="intent" value={intent} />
      <div className={ui.field}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          required
        />
      </div>
      <button type="submit" className={buttonClass()} disabled={busy}>
        {busy ? 'Importing…' : button}
      </button>
      <ErrorText>{fetcher.data?.error}</ErrorText>
      {problems.length > 0 ? (
        <ul className={styles.problems} aria-label="Rows to correct">
          {problems.map((problem) => (
            <li key={`${problem.line}-${problem.message}`}>
              Line {problem.line}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <Notice>{fetcher.data?.message}</Notice>
    </fetcher.Form>
  );
}
