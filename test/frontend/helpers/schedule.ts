import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Sets Compose's schedule field as a user typing it would: the date into the date picker's input
 * (mm/dd/yyyy, confirmed with Enter), then the time. `value` is the wall-clock `yyyy-MM-ddTHH:mm`
 * in the user's zone. A date before today is moved to today by the picker, as in the browser.
 */
export async function chooseScheduleTime(value: string) {
  const [date, time] = value.split('T') as [string, string];
  const [y, m, d] = date.split('-');
  const dateInput = screen.getByLabelText('Schedule date');
  fireEvent.focus(dateInput);
  fireEvent.change(dateInput, { target: { value: `${m}/${d}/${y}` } });
  fireEvent.keyDown(dateInput, { key: 'Enter' });
  await waitFor(() => expect(screen.getByLabelText('Schedule time')).not.toHaveValue(''));
  fireEvent.change(screen.getByLabelText('Schedule time'), { target: { value: time } });
}
