import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useUrlSearch } from './use-url-search';

function setup() {
  const seen: { update?: ReturnType<typeof useUrlSearch>[1] } = {};
  function Probe() {
    const [search, update] = useUrlSearch();
    seen.update = update;
    return <output>{search.toString()}</output>;
  }
  const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: ['/?keep=1'] });
  const view = render(<RouterProvider router={router} />);
  return { seen, router, text: () => view.container.querySelector('output')!.textContent };
}

describe('useUrlSearch', () => {
  it('builds a second change on the first when both come before the next render', async () => {
    const { seen, text } = setup();
    await act(async () => {
      seen.update!((current) => (current.set('limit', '50'), current));
      seen.update!((current) => (current.set('page', '2'), current));
    });
    expect(text()).toBe('keep=1&limit=50&page=2');
  });

  it('follows a URL changed from elsewhere (a link, Back) after its own writes', async () => {
    const { seen, router, text } = setup();
    await act(async () => seen.update!((current) => (current.set('a', '1'), current)));
    await act(async () => router.navigate('/?other=1'));
    await act(async () => seen.update!((current) => (current.set('b', '2'), current)));
    expect(text()).toBe('other=1&b=2');
  });
});
