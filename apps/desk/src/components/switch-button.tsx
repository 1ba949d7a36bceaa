import { useFetcher } from 'react-router';
import type { ActionResult } from '../lib/api.ts';
import { ErrorText } from './status.tsx';
import styles from './switch-button.module.css';

interface SwitchButtonProps {
  /** What it turns on, the words beside the switch: "On duty". */
  label: string;
  /** Read after the label by screen readers, when several switches share it: a person's name. */
  subject?: string;
  checked: boolean;
  /** The route whose action takes `intent`, `on` ('true' or 'false') and the `fields`. */
  action: string;
  intent: string;
  fields?: Record<string, string>;
  /** On the dark header bar. */
  tone?: 'light' | 'dark';
}

/**
 * An on/off setting saved the moment it is tapped: a real form whose one button is a switch,
 * showing the new state at once and the old one again if the server refuses.
 */
export function SwitchButton(props: SwitchButtonProps) {
  const { label, subject, action, intent, fields = {}, tone = 'light' } = props;
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.formData?.get('on');
  const checked = typeof pending === 'string' ? pending === 'true' : props.checked;
  return (
    <fetcher.Form method="post" action={action} className={styles.form}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        role="switch"
        aria-checked={checked}
        name="on"
        value={String(!checked)}
        className={styles.switch}
        data-tone={tone}
      >
        <span className={styles.track} aria-hidden="true" />
        {label}
        {subject ? <span className="visually-hidden"> {subject}</span> : null}
      </button>
      <ErrorText>{fetcher.data?.error}</ErrorText>
    </fetcher.Form>
  );
}
