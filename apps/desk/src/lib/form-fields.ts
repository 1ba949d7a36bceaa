/** A text field of a submitted form, trimmed; '' when missing or a file. */
export function textField(form: FormData, name: string): string {
  return rawField(form, name).trim();
}

/** A field exactly as typed (passwords keep their spaces); '' when missing or a file. */
export function rawField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
