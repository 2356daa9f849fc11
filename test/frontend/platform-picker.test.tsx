import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '@shared/plans';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import { UiProvider } from '@/components/ui/provider';
import { accountKeys } from '@/lib/api/connections';
import { PlatformPicker } from '@/components/platform-picker';
import { platformsResponse } from './helpers/api-mock';
import { hover } from './helpers/hover';

function Picker({ connected }: { connected: Platform[] }) {
  const [selected, setSelected] = useState<Platform[]>([]);
  return (
    <>
      <PlatformPicker connected={connected} selected={selected} onChange={setSelected} />
      <output data-testid="selected">{selected.join(',')}</output>
    </>
  );
}

/** The picker with the user's plan as GET /api/platforms answered it. */
function renderPicker(connected: Platform[], plan: PlanId = 'pro') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(accountKeys.platforms(), platformsResponse(plan));
  return render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <Picker connected={connected} />
      </UiProvider>
    </QueryClientProvider>,
  );
}

describe('the platform picker', () => {
  it('shows a tile for each platform', () => {
    renderPicker(['x']);
    for (const platform of PLATFORMS) expect(screen.getByRole('button', { name: PLATFORM_LABELS[platform] })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(PLATFORMS.length);
  });

  it('disables unconnected platforms and says where to connect them', async () => {
    const user = userEvent.setup();
    renderPicker(['x', 'facebook']);

    const instagram = screen.getByRole('button', { name: 'Instagram' });
    expect(instagram).toBeDisabled();
    expect(instagram).toHaveAccessibleDescription('Connect account in Settings → Platforms');
    expect(screen.getByRole('button', { name: 'Facebook' })).toBeEnabled();

    await hover(user, () => screen.getByTestId('platform-tile-wrapper-instagram'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Connect account in Settings → Platforms');
  });

  it("names the plan that unlocks a platform the user's plan lacks, connected or not", async () => {
    const user = userEvent.setup();
    renderPicker(['facebook', 'x'], 'free');

    const x = screen.getByRole('button', { name: 'X (Twitter)' });
    await waitFor(() => expect(x).toBeDisabled());
    expect(x).toHaveAccessibleDescription('Upgrade to Basic to post to X');
    expect(screen.getByTestId('platform-plan-x')).toHaveTextContent('Available on Basic');
    const tiktok = screen.getByRole('button', { name: 'TikTok' });
    expect(tiktok).toHaveAccessibleDescription('Upgrade to Pro to post to TikTok');
    expect(screen.getByTestId('platform-plan-tiktok')).toHaveTextContent('Available on Pro');
    // Allowed but not connected keeps saying where to connect it.
    expect(screen.getByRole('button', { name: 'Instagram' })).toHaveAccessibleDescription('Connect account in Settings → Platforms');
    expect(screen.getByRole('button', { name: 'Facebook' })).toBeEnabled();

    await hover(user, () => screen.getByTestId('platform-tile-wrapper-youtube'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Upgrade to Pro to post to YouTube');
  });

  it('toggles connected platforms on and off', async () => {
    const user = userEvent.setup();
    renderPicker(['x', 'facebook']);

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
