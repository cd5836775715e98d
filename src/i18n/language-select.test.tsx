import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSelect } from './language-select';

afterEach(() => {
  localStorage.clear();
  i18n.activate('en');
  document.documentElement.lang = 'en';
});

describe('LanguageSelect', () => {
  it('switches the rendered language, remembers the choice and sets <html lang>', async () => {
    render(<LanguageSelect />);
    const select = screen.getByLabelText('Language');
    expect(select).toHaveValue('en');

    await userEvent.selectOptions(select, 'ko');

    // The label comes from the Korean first-load catalog once it has loaded.
    expect(await screen.findByLabelText('Language (언어)')).toHaveValue('ko');
    expect(localStorage.getItem('imprint.locale')).toBe('ko');
    expect(document.documentElement.lang).toBe('ko');
    // Each language keeps its own name, whatever the page speaks.
    expect(screen.getByRole('option', { name: '日本語' })).toHaveAttribute('lang', 'ja');
  });
});
