import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../../lib/toast/toast-store';
import { registerTopic, topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { renderRoutes } from '../../../testing/render-routes';
import { useWishlistActions } from '../api/use-wishlist-actions';
import type { WishlistItem } from '../api/wishlist';
import { WishlistLink } from '../components/wishlist-link';
import { WishlistPage } from './wishlist-page';

const TOKENS = { accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 };

function item(variantId: number, name: string, price = '12.00'): WishlistItem {
  return {
    wishlist_item_id: variantId * 100,
    product_id: variantId * 10,
    product_variant_id: variantId,
    brand: { brand_id: 3, name: 'Amberlane', slug: 'amberlane' },
    product: { name, slug: name.toLowerCase().replace(/\s+/g, '-') },
    variants: [
      {
        id: variantId,
        sku: `SKU-${variantId}`,
        price,
        currency: 'EUR',
        unit_of_measure: '90 capsules',
        weight: null,
        availability: 1,
        stock: { state: 'in_stock', available: null, note: '' },
        images: [`/media/${variantId}.webp`],
      },
    ],
    assets: [
      {
        asset_id: 1,
        asset_order: 0,
        is_primary: true,
        image_url: `/media/${variantId}.webp`,
        alt_text: `Photo of ${name}`,
        thumbnails: {
          thumbnail_75: `/media/${variantId}-75.webp`,
          thumbnail_125: `/media/${variantId}-125.webp`,
          thumbnail_250: `/media/${variantId}-250.webp`,
        },
      },
    ],
  };
}

/** A deferred answer, to look at the screen while a call is on its way. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

function wishlistServer(initial: WishlistItem[]) {
  let items = [...initial];
  const calls: string[] = [];
  const catalogue = new Map(initial.map((entry) => [entry.product_variant_id, entry]));
  let hold: Promise<void> | null = null;
  let failWrites = false;

  server.use(
    http.get('*/api/v2/account/wishlist', () => {
      calls.push('GET wishlist');
      return HttpResponse.json({ data: items });
    }),
    http.post('*/api/v2/account/wishlist', async ({ request }) => {
      const { product_variant_id: id } = (await request.json()) as { product_variant_id: number };
      calls.push(`POST wishlist ${id}`);
      if (hold) await hold;
      if (failWrites) return HttpResponse.json({ message: 'down' }, { status: 503 });
      items = [...items, catalogue.get(id) ?? item(id, `Product ${id}`)];
      return HttpResponse.json({ data: items });
    }),
    http.delete('*/api/v2/account/wishlist', async ({ request }) => {
      const { product_variant_id: id } = (await request.json()) as { product_variant_id: number };
      calls.push(`DELETE wishlist ${id}`);
      if (hold) await hold;
      if (failWrites) return HttpResponse.json({ message: 'down' }, { status: 503 });
      items = items.filter((entry) => entry.product_variant_id !== id);
      return HttpResponse.json({ data: items });
    }),
    http.post('*/api/v2/storefront/cart/items', async ({ request }) => {
      const body = (await request.json()) as { product_variant_id: number; quantity: number };
      calls.push(`POST cart ${body.product_variant_id}×${body.quantity}`);
      return HttpResponse.json({ items: [], total_items: body.quantity });
    }),
  );

  return {
    calls,
    hold(promise: Promise<void>) {
      hold = promise;
    },
    failWrites() {
      failWrites = true;
    },
    setItems(next: WishlistItem[]) {
      items = next;
    },
  };
}

/** A stand-in for a product page's "add to wishlist" button. */
function AddButton({ variantId }: { variantId: number }) {
  const actions = useWishlistActions();
  return (
    <button type="button" onClick={() => void actions.add(variantId)}>
      add {variantId}
    </button>
  );
}

function renderWishlist(extra: ReactNode = null) {
  return renderRoutes(
    [
      {
        path: '/:lang/wishlist',
        element: (
          <>
            <WishlistLink />
            {extra}
            <WishlistPage />
          </>
        ),
      },
    ],
    { url: '/en/wishlist' },
  );
}

const link = () => screen.getByRole('link', { name: /^Wishlist \d+ \(saved products\)$/ });

describe('wishlist page', () => {
  beforeEach(() => {
    setTokens(TOKENS);
  });

  afterEach(() => {
    setTokens(null);
  });

  it('loads when signed in and shows each product with image, brand, variant and price', async () => {
    wishlistServer([item(1, 'Omega 3', '23.49'), item(2, 'Vitamin D')]);
    await renderWishlist();

    const list = await screen.findByRole('list', { name: 'Products in your wishlist' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const row = within(list).getByRole('link', { name: 'Omega 3' }).closest('li') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Omega 3' })).toHaveAttribute('href', '/en/products/omega-3');
    expect(within(row).getByText('by Amberlane')).toBeInTheDocument();
    expect(within(row).getByText('90 capsules')).toBeInTheDocument();
    expect(within(row).getByText('23,49 €')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Photo of Omega 3' })).toHaveAttribute('src', '/media/1-250.webp');
    expect(link()).toHaveAccessibleName('Wishlist 2 (saved products)');
    expect(link()).toHaveAttribute('href', '/en/wishlist');
  });

  it('shows a saved variant that is sold out or has few left, and nothing for one in stock', async () => {
    const soldOut = item(1, 'Omega 3');
    soldOut.variants = soldOut.variants.map((variant) => ({ ...variant, availability: 2, stock: { state: 'sold_out', available: null, note: '' } }));
    const few = item(2, 'Vitamin D');
    few.variants = few.variants.map((variant) => ({ ...variant, stock: { state: 'low', available: 1, note: '' } }));
    wishlistServer([soldOut, few, item(3, 'Zinc')]);
    await renderWishlist();

    const list = await screen.findByRole('list', { name: 'Products in your wishlist' });
    const row = (name: string) => within(list).getByRole('link', { name }).closest('li') as HTMLElement;
    expect(within(row('Omega 3')).getByText('Sold out')).toBeInTheDocument();
    expect(within(row('Vitamin D')).getByText('Only 1 left')).toBeInTheDocument();
    expect(row('Zinc').querySelector('.stock-badge')).toBeNull();
  });

  it('removes an item only once the server has answered', async () => {
    const user = userEvent.setup();
    const wishlist = wishlistServer([item(1, 'Omega 3'), item(2, 'Vitamin D')]);
    await renderWishlist();
    await screen.findByRole('link', { name: 'Omega 3' });

    const { open, opened } = gate();
    wishlist.hold(opened);
    await user.click(screen.getByRole('button', { name: 'Remove Omega 3 from the wishlist' }));
    await waitFor(() => expect(wishlist.calls).toContain('DELETE wishlist 1'));
    // Still listed (and its buttons disabled) while the call is on its way.
    expect(screen.getByRole('link', { name: 'Omega 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Omega 3 from the wishlist' })).toBeDisabled();

    open();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Omega 3' })).not.toBeInTheDocument());
    expect(link()).toHaveAccessibleName('Wishlist 1 (saved products)');
  });

  it('keeps the item when removing fails, and only logs it', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown = vi.spyOn(toast, 'error');
    const wishlist = wishlistServer([item(1, 'Omega 3')]);
    await renderWishlist();
    const remove = await screen.findByRole('button', { name: 'Remove Omega 3 from the wishlist' });
    wishlist.failWrites();
    await user.click(remove);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Omega 3' })).toBeInTheDocument();
    expect(shown).not.toHaveBeenCalled();
  });

  it('adds an item only once the server has answered', async () => {
    const user = userEvent.setup();
    const wishlist = wishlistServer([item(1, 'Omega 3')]);
    await renderWishlist(<AddButton variantId={5} />);
    await screen.findByRole('link', { name: 'Omega 3' });

    const { open, opened } = gate();
    wishlist.hold(opened);
    await user.click(screen.getByRole('button', { name: 'add 5' }));
    await waitFor(() => expect(wishlist.calls).toContain('POST wishlist 5'));
    expect(screen.queryByRole('link', { name: 'Product 5' })).not.toBeInTheDocument();
    expect(link()).toHaveAccessibleName('Wishlist 1 (saved products)');

    open();
    expect(await screen.findByRole('link', { name: 'Product 5' })).toBeInTheDocument();
    expect(link()).toHaveAccessibleName('Wishlist 2 (saved products)');
  });

  it('leaves the list unchanged when adding fails', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const wishlist = wishlistServer([item(1, 'Omega 3')]);
    wishlist.failWrites();
    await renderWishlist(<AddButton variantId={5} />);
    await screen.findByRole('link', { name: 'Omega 3' });
    await user.click(screen.getByRole('button', { name: 'add 5' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Product 5' })).not.toBeInTheDocument();
    expect(link()).toHaveAccessibleName('Wishlist 1 (saved products)');
  });

  it('moves an item to the cart: adds it there, then takes it off the list, and tells the cart', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const cartHeard = vi.fn();
    const unregister = registerTopic('cart.updated', cartHeard);
    const wishlist = wishlistServer([item(1, 'Omega 3'), item(2, 'Vitamin D')]);
    await renderWishlist();

    await user.click(await screen.findByRole('button', { name: 'Move to cart: Omega 3' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Omega 3' })).not.toBeInTheDocument());
    expect(wishlist.calls).toEqual(['GET wishlist', 'POST cart 1×1', 'DELETE wishlist 1']);
    expect(success).toHaveBeenCalledWith('Omega 3 was moved to your cart.');
    expect(cartHeard).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('keeps the item on the list when the cart refuses it', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = vi.spyOn(toast, 'error');
    const wishlist = wishlistServer([item(1, 'Omega 3')]);
    server.use(http.post('*/api/v2/storefront/cart/items', () => HttpResponse.json({ message: 'x' }, { status: 404 })));
    await renderWishlist();
    await user.click(await screen.findByRole('button', { name: 'Move to cart: Omega 3' }));
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Omega 3 could not be moved to your cart.'));
    expect(screen.getByRole('link', { name: 'Omega 3' })).toBeInTheDocument();
    expect(wishlist.calls).toEqual(['GET wishlist']);
  });

  it('is refetched when the socket says it changed on another device', async () => {
    const wishlist = wishlistServer([item(1, 'Omega 3')]);
    await renderWishlist();
    await screen.findByRole('link', { name: 'Omega 3' });
    wishlist.setItems([item(1, 'Omega 3'), item(7, 'Magnesium')]);
    act(() => topicRegistry.dispatch({ topic: 'wishlist.updated', data: { count: 2 }, seq: 3 }));
    expect(await screen.findByRole('link', { name: 'Magnesium' })).toBeInTheDocument();
  });

  it('is emptied when the user signs out, and not loaded for a visitor', async () => {
    const wishlist = wishlistServer([item(1, 'Omega 3')]);
    await renderWishlist();
    await screen.findByRole('link', { name: 'Omega 3' });

    act(() => setTokens(null));
    expect(await screen.findByText('Sign in to see your wishlist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/en/login');
    expect(screen.queryByRole('link', { name: 'Omega 3' })).not.toBeInTheDocument();
    expect(link()).toHaveAccessibleName('Wishlist 0 (saved products)');
    expect(wishlist.calls).toEqual(['GET wishlist']);
  });

  it('shows the empty state', async () => {
    wishlistServer([]);
    await renderWishlist();
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
  });
});
