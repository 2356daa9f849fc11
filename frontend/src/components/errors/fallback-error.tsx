import { MSG } from '@shared/messages';

const SCREEN = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1.25rem',
  minHeight: '100dvh',
  padding: '0 1.5rem',
  textAlign: 'center',
} as const;

const BUTTON = {
  height: '2.5rem',
  padding: '0 1rem',
  border: '1px solid var(--sa-gray-muted)',
  borderRadius: '0.25rem',
  background: 'transparent',
  color: 'var(--sa-gray-fg)',
  font: 'inherit',
  fontSize: '0.875rem',
  fontWeight: 500,
  cursor: 'pointer',
} as const;

/**
 * The last resort when not even the error screen can load (offline, or a deploy replaced the files
 * this page was built from): plain styles, since Chakra may be what failed to arrive.
 */
export function FallbackError() {
  return (
    <div style={SCREEN} role="alert">
      <h1 style={{ margin: 0, fontSize: '1.5rem', lineHeight: 1.3 }}>{MSG.unexpectedError}</h1>
      <p style={{ margin: 0, color: 'var(--sa-fg-muted)' }}>Part of the app could not be loaded. Check your connection and reload the page.</p>
      <button type="button" style={BUTTON} onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
