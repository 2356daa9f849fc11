import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/components/deferred';

interface MenuProps {
  label: string;
}

/** A stand-in for a menu whose code arrives when the test says so. */
function menuLoadedOnCue() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const RealMenu = ({ label, defaultOpen }: MenuProps & { defaultOpen?: boolean }) => (
    <div>
      <button type="button">{label}</button>
      {defaultOpen ? <ul role="menu" aria-label={label} /> : null}
    </div>
  );
  const Menu = deferred<MenuProps>(
    () => arrived.then(() => RealMenu),
    ({ label, activate }) => (
      <div>
        <button type="button" onClick={activate}>
          {label}
        </button>
      </div>
    ),
  );
  return { Menu, arrive: () => act(async () => arrive()) };
}

describe('a component loaded after the first paint', () => {
  it('shows its button at once, and opens once its code arrives when that button was clicked before', async () => {
    const { Menu, arrive } = menuLoadedOnCue();
    const user = userEvent.setup();
    render(<Menu label="Account" />);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await arrive();

    expect(await screen.findByRole('menu', { name: 'Account' })).toBeInTheDocument();
  });

  it('keeps the keyboard focus on its button when the real one replaces the placeholder', async () => {
    const { Menu, arrive } = menuLoadedOnCue();
    const user = userEvent.setup();
    render(<Menu label="Account" />);

    await user.tab();
    const placeholder = screen.getByRole('button', { name: 'Account' });
    expect(placeholder).toHaveFocus();
    await arrive();

    const real = await screen.findByRole('button', { name: 'Account' });
    expect(placeholder).not.toBeInTheDocument();
    expect(real).toHaveFocus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
