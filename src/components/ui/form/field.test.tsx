import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';
import { Select } from './select';
import { Textarea } from './textarea';
import { TextField } from './text-field';

describe('Field', () => {
  it('names the control by its label and describes it by hint and error', () => {
    render(
      <Field label="Name" hint="Shown in the list" error="Give it a name">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAccessibleDescription('Shown in the list Give it a name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts an error standing alone with a capital letter (the shared zod words are predicates)', () => {
    render(<Field label="Limit" error="must be at least 1">{(control) => <Input {...control} />}</Field>);
    expect(screen.getByRole('textbox', { name: 'Limit' })).toHaveAccessibleDescription('Must be at least 1');
  });

  it('without an error is not invalid and has only the hint', () => {
    render(<Field label="Name" hint="Shown in the list">{(control) => <Input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Shown in the list');
  });

  it('marks required fields in words and for assistive technology', () => {
    render(<Field label="URL" required>{(control) => <Input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: /^URL\s*\(required\)$/ });
    expect(input).toHaveAttribute('aria-required', 'true');
  });

  it('works with Select and Textarea', async () => {
    render(
      <>
        <Field label="Status">{(c) => <Select {...c} options={[{ value: 'a', label: 'All' }, { value: 'f', label: 'Failed' }]} />}</Field>
        <Field label="Body" error="Paste the body">{(c) => <Textarea {...c} />}</Field>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    await userEvent.selectOptions(select, 'Failed');
    expect(select).toHaveValue('f');
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveAccessibleDescription('Paste the body');
  });

  it('TextField wires label, hint and error and accepts typing', async () => {
    render(<TextField label="E-mail" hint="The one you signed up with" error="Enter an e-mail address" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(input, 'a@b.c');
    expect(input).toHaveValue('a@b.c');
    expect(input).toHaveAccessibleDescription('The one you signed up with Enter an e-mail address');
  });
});
