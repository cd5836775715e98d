import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailList, DetailRow } from './detail-list';

describe('DetailList', () => {
  it('pairs each label with its value as a term and its definition', () => {
    render(
      <DetailList>
        <DetailRow label="Plan">Pro</DetailRow>
        <DetailRow label="Limit">5,000 files</DetailRow>
      </DetailList>,
    );
    const terms = screen.getAllByRole('term');
    const definitions = screen.getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual(['Plan', 'Limit']);
    expect(definitions.map((d) => d.textContent)).toEqual(['Pro', '5,000 files']);
  });
});
