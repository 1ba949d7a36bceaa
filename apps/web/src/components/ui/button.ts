import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'outlineLight';
export type ButtonSize = 'small' | 'medium' | 'large';

/**
 * Class names of the site's button look, for `<button>`s and for links that look like buttons
 * (a link still navigates; a button still acts).
 */
export function buttonClass({
  variant = 'primary',
  size = 'medium',
  block = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string } = {}) {
  return [
    styles.button,
    styles[variant],
    size === 'medium' ? undefined : styles[size],
    block ? styles.block : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}
