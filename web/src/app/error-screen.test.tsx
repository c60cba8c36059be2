import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';

import { ERROR_TITLE, ErrorScreen } from './error-screen';

function renderFailingRoute(route: { loader?: () => never; Component?: () => never }) {
  const router = createMemoryRouter([
    { path: '/', errorElement: <ErrorScreen />, HydrateFallback: () => null, Component: () => null, ...route },
  ]);
  render(<RouterProvider router={router} />);
}

describe('ErrorScreen', () => {
  it('shows the status and message of a route error response', async () => {
    renderFailingRoute({
      loader: () => {
        throw data('This protocol link was revoked.', { status: 410, statusText: 'Gone' });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: ERROR_TITLE })).toBeInTheDocument();
    expect(ERROR_TITLE).toBe('Unexpected Application Error!');
    expect(screen.getByRole('heading', { level: 2, name: '410 Gone' })).toBeInTheDocument();
    expect(screen.getByText('This protocol link was revoked.')).toBeInTheDocument();
  });

  it('reads the message field of a JSON error body', async () => {
    renderFailingRoute({
      loader: () => {
        throw data({ message: 'Token has expired' }, { status: 401, statusText: 'Unauthorized' });
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: '401 Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText('Token has expired')).toBeInTheDocument();
  });

  it('shows the message of an error thrown while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFailingRoute({
      Component: () => {
        throw new Error('Cannot read the cart');
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText('Cannot read the cart')).toBeInTheDocument();
  });
});
