import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UI } from '@shared/ui';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { renderApp } from './helpers/render-app';

describe('the public static pages', () => {
  beforeEach(() => resetAmplifyMocks());

  it('dates the Privacy Policy today and covers what the spec lists', async () => {
    renderApp('/privacy-policy');
    expect(await screen.findByText(`Last Updated: ${format(new Date(), 'MMMM d, yyyy')}`)).toBeInTheDocument();
    for (const topic of [/Information We Collect/, /How We Use/, /How We Share/, /Data Security/, /Your Rights/, /Data Retention/, /Changes to This Policy/]) {
      expect(screen.getByRole('heading', { name: topic })).toBeInTheDocument();
    }
    expect(screen.getByText(/Advanced Settings/)).toBeInTheDocument();
  });

  it('dates the Terms of Service today and covers what the spec lists', async () => {
    renderApp('/terms-of-service');
    expect(await screen.findByText(`Last Updated: ${format(new Date(), 'MMMM d, yyyy')}`)).toBeInTheDocument();
    for (const topic of [
      /Acceptance/,
      /Description of Service/,
      /User Accounts/,
      /Acceptable Use/,
      /Platform Compliance/,
      /Intellectual Property/,
      /Service Availability/,
      /Limitation of Liability/,
      /Termination/,
      /Changes to Terms/,
      /Governing Law/,
      /Contact Information/,
    ]) {
      expect(screen.getByRole('heading', { name: topic })).toBeInTheDocument();
    }
    expect(screen.getByText(/at least 18 years old, or have the consent of a parent/)).toBeInTheDocument();
  });

  it('states the reply time and support hours on Contact Us', async () => {
    renderApp('/contact-us');
    expect(await screen.findByText('We reply within 24 hours.')).toBeInTheDocument();
    expect(screen.getByText('Monday to Friday, 9am to 5pm EST')).toBeInTheDocument();
  });

  it('requires every contact field and gives Email the email type', async () => {
    renderApp('/contact-us');
    for (const label of [/Name/, /Email/, /Subject/, /Message/]) {
      expect(await screen.findByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
  });

  it('"sends" the contact form: Sending..., then "Message Sent!" and an empty form', async () => {
    const { user } = renderApp('/contact-us');
    await user.type(await screen.findByLabelText(/Name/), 'Alice');
    await user.type(screen.getByLabelText(/Email/), 'alice@example.com');
    await user.type(screen.getByLabelText(/Subject/), 'Hello');
    await user.type(screen.getByLabelText(/Message/), 'How do I connect TikTok?');
    // The simulated send runs on a clock the test moves: "Sending..." is seen however slow the
    // machine, and the send ends when the test says so.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(screen.getByText('Sending...')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(UI.delays.contactSimulationMs);
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    const form = within(screen.getByTestId('contact-form'));
    await waitFor(() => expect(form.getByLabelText(/Name/)).toHaveValue(''));
    expect(form.getByLabelText(/Email/)).toHaveValue('');
    expect(form.getByLabelText(/Subject/)).toHaveValue('');
    expect(form.getByLabelText(/Message/)).toHaveValue('');
  });

  it('does not send an incomplete contact form', async () => {
    const { user } = renderApp('/contact-us');
    await user.type(await screen.findByLabelText(/Name/), 'Alice');
    await user.click(screen.getByRole('button', { name: /Send Message/ }));
    // A submitted form shows "Sending..." in the same render as the click (the send itself is
    // simulated on a timer), so its absence once the click has settled means nothing was sent.
    expect(screen.getByLabelText(/Email/)).toBeInvalid();
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send Message/ })).toBeEnabled();
    expect(screen.getByLabelText(/Name/)).toHaveValue('Alice');
  });

  it('tells About Us who the product is for', async () => {
    renderApp('/about-us');
    expect(await screen.findByRole('heading', { name: 'Who it is for' })).toBeInTheDocument();
  });
});
