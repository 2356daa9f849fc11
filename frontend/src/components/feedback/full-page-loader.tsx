import styles from './full-page-loader.module.css';

/**
 * Shown while the session resolves and while a route's code loads. Plain CSS: it also shows on the
 * landing and before the first route, when Chakra is not loaded.
 */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className={styles.screen} data-testid="full-page-loader" role="status" aria-live="polite">
      <span className={styles.spinner} />
      <p className={styles.label}>{label}</p>
    </div>
  );
}
