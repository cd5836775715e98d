import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusPill, toneIcon, type Tone } from './badge';

const tones: Tone[] = ['neutral', 'info', 'progress', 'success', 'warning', 'danger'];

describe('StatusPill', () => {
  it.each(tones)('%s shows words and a decorative icon', (tone) => {
    render(<StatusPill tone={tone} label={`state ${tone}`} />);
    const pill = screen.getByText(`state ${tone}`);
    expect(pill).toHaveAttribute('data-tone', tone);
    expect(screen.getByTestId('status-icon')).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives each tone an icon of its own shape, so colour is never the only difference', () => {
    expect(new Set(Object.values(toneIcon)).size).toBe(tones.length);
  });
});
