import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';

import { LocalizedLink, LocalizedNavLink } from './localized-link';

function renderAt(url: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/:lang/*', element }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

describe('LocalizedLink', () => {
  it('prefixes absolute paths with the language of the URL', () => {
    renderAt(
      '/fr/cart',
      <>
        <LocalizedLink to="/products?brands=1">a</LocalizedLink>
        <LocalizedLink to="/fr/wishlist">b</LocalizedLink>
        <LocalizedLink to={{ pathname: '/account', search: '?tab=orders' }}>c</LocalizedLink>
        <LocalizedLink to="/">d</LocalizedLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'a' })).toHaveAttribute('href', '/fr/products?brands=1');
    expect(screen.getByRole('link', { name: 'b' })).toHaveAttribute('href', '/fr/wishlist');
    expect(screen.getByRole('link', { name: 'c' })).toHaveAttribute('href', '/fr/account?tab=orders');
    expect(screen.getByRole('link', { name: 'd' })).toHaveAttribute('href', '/fr');
  });

  it('marks the active nav link', () => {
    renderAt(
      '/zh_tw/products',
      <>
        <LocalizedNavLink to="/products">p</LocalizedNavLink>
        <LocalizedNavLink to="/cart">c</LocalizedNavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'p' })).toHaveAttribute('href', '/zh_tw/products');
    expect(screen.getByRole('link', { name: 'p' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'c' })).not.toHaveAttribute('aria-current');
  });
});
