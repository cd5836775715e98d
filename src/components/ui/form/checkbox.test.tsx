import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';
import { RadioGroup } from './radio-group';

describe('Checkbox', () => {
  it('is named by its label, described by its hint and toggled by Space', async () => {
    render(<Checkbox label="Only failed" hint="Hides sent events" />);
    const box = screen.getByRole('checkbox', { name: 'Only failed' });
    expect(box).toHaveAccessibleDescription('Hides sent events');
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).toBeChecked();
    await userEvent.click(screen.getByText('Only failed'));
    expect(box).not.toBeChecked();
  });
});

function Strengths() {
  const [value, setValue] = useState<'low' | 'high'>('high');
  return (
    <>
      <RadioGroup
        legend="Strength"
        value={value}
        onChange={setValue}
        layout="cards"
        options={[
          { value: 'low', label: 'Low', description: 'Barely visible' },
          { value: 'high', label: 'High', description: 'Strongest' },
        ]}
      />
      <p>chosen: {value}</p>
    </>
  );
}

describe('RadioGroup', () => {
  it('is a named group whose choices carry their one-line description', () => {
    render(<Strengths />);
    expect(screen.getByRole('group', { name: 'Strength' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Low' })).toHaveAccessibleDescription('Barely visible');
    expect(screen.getByRole('radio', { name: 'High' })).toBeChecked();
  });

  it('moves the choice with arrow keys and reports it', async () => {
    render(<Strengths />);
    screen.getByRole('radio', { name: 'High' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Low' })).toBeChecked();
    expect(screen.getByText('chosen: low')).toBeInTheDocument();
  });

  it('is one tab stop', async () => {
    render(
      <>
        <Strengths />
        <button type="button">after</button>
      </>,
    );
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'High' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });
});
