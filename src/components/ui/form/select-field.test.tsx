import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

describe('SelectField', () => {
  it('is a select named by its label, described by its hint, and reports the choice', async () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Status"
        hint="Filters every event"
        value=""
        onChange={(e) => onChange(e.target.value)}
        options={[{ value: '', label: 'All statuses' }, { value: 'SENT', label: 'SENT' }]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select).toHaveAccessibleDescription('Filters every event');
    await userEvent.selectOptions(select, 'SENT');
    expect(onChange).toHaveBeenCalledWith('SENT');
  });
});
