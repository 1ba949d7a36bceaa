import styles from './ui.module.css';

/** Class names for the desk's few building blocks; markup stays native elements. */
export const ui = styles;

export function buttonClass(variant?: 'secondary' | 'danger' | 'whatsapp'): string {
  return variant ? `${styles.button} ${styles[variant]}` : (styles.button ?? '');
}
