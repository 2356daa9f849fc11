import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Platform } from '@shared/platforms';
import { UiProvider } from '@/components/ui/provider';
import { PlatformPicker } from '@/features/accounts/components/platform-picker';

function Picker({ connected }: { connected: Platform[] }) {
  const [selected, setSelected] = useState<Platform[]>([]);
  return (
    <UiProvider>
      <PlatformPicker connected={connected} selected={selected} onChange={setSelected} />
      <output data-testid="selected">{selected.join(',')}</output>
    </UiProvider>
  );
}

describe('the platform picker', () => {
  it('shows a tile for each of the five platforms', () => {
    render(<Picker connected={['x']} />);
    for (const name of ['Instagram', 'Facebook', 'X (Twitter)', 'TikTok', 'YouTube']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('disables unconnected platforms and says where to connect them', async () => {
    const user = userEvent.setup();
    render(<Picker connected={['x', 'facebook']} />);

    const instagram = screen.getByRole('button', { name: 'Instagram' });
    expect(instagram).toBeDisabled();
    expect(instagram).toHaveAccessibleDescription('Connect account in Settings → Platforms');
    expect(screen.getByRole('button', { name: 'Facebook' })).toBeEnabled();

    await user.hover(screen.getByTestId('platform-tile-wrapper-instagram'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Connect account in Settings → Platforms');
  });

  it('toggles connected platforms on and off', async () => {
    const user = userEvent.setup();
    render(<Picker connected={['x', 'facebook']} />);

    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    await user.click(screen.getByRole('button', { name: 'Facebook' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('x,facebook');
    expect(screen.getByRole('button', { name: 'X (Twitter)' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('facebook');
    await user.click(screen.getByRole('button', { name: 'TikTok' }));
    expect(screen.getByTestId('selected')).toHaveTextContent(/^facebook$/);
  });
});
