import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notifyTopic } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { ProductDetail } from '../api/types';
import { catalogHandlers, productDetail } from '../testing/catalog-fixtures';
import { renderCatalog } from '../testing/render-catalog';

interface Captured {
  path: string;
  body: unknown;
  authorization: string | null;
}

const EMPTY_CART = {
  items: [],
  total_items: 0,
  total_price: '0.00',
  total_discount: '0.00',
  total_price_after_discount: '0.00',
  discount_rate: '0.00',
  currency: 'EUR',
};

function setup() {
  const writes: Captured[] = [];
  const record = async ({ request }: { request: Request }) => {
    writes.push({
      path: new URL(request.url).pathname,
      body: await request.json(),
      authorization: request.headers.get('Authorization'),
    });
    // Each call answers as the server does: the whole cart, or the whole wishlist.
    const path = new URL(request.url).pathname;
    return path.endsWith('/wishlist')
      ? HttpResponse.json({ data: [] }, { status: 201 })
      : HttpResponse.json(EMPTY_CART, { status: 201 });
  };
  server.use(
    ...catalogHandlers(),
    http.post('*/api/v2/storefront/cart/items', record),
    http.post('*/api/v2/account/wishlist', record),
  );
  return writes;
}

afterEach(() => {
  setTokens(null);
});

describe('product page', () => {
  it('shows images, variants, price, availability, description and ingredients', async () => {
    const user = userEvent.setup();
    setup();
    await renderCatalog('/en/products/magnesium-citrate');
    expect(await screen.findByRole('heading', { level: 1, name: 'Magnesium Citrate' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Product 42 jar' })).toHaveAttribute('src', '/media/42.webp');
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(screen.getByText('Gentle magnesium for everyday use.')).toBeInTheDocument();
    expect(screen.getByText('Magnesium citrate, capsule shell')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ingredients' })).toBeInTheDocument();

    const facts = screen.getByRole('region', { name: 'Supplement facts' });
    expect(within(facts).getByText('Serving: 1 × capsule · 60 servings per container · suggested: 2 a day')).toBeInTheDocument();
    expect(within(facts).getByRole('row', { name: /Magnesium/ })).toHaveTextContent('150 mg');
    expect(within(facts).getByRole('row', { name: /Vitamin D/ })).toHaveTextContent('1,000 IU (25 µg)');

    const variants = screen.getByRole('group', { name: 'Choose a size' });
    expect(within(variants).getByRole('radio', { name: /60 capsules/ })).toBeChecked();
    expect(document.querySelector('.product-page__price')).toHaveTextContent('12,50 €');
    await user.click(within(variants).getByRole('radio', { name: /120 capsules/ }));
    expect(document.querySelector('.product-page__price')).toHaveTextContent('21,00 €');
    expect(screen.queryByRole('region', { name: 'Supplement facts' })).toBeNull();

    expect(screen.getByTestId('product-action-slot')).toHaveTextContent('421x1');

    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(trail).getByRole('link', { name: 'Minerals' })).toBeInTheDocument());
    expect(within(trail).getByRole('link', { name: 'Magnesium' })).toHaveAttribute('href', '/en/products?categories=8');
  });

  it('signed out: asks to sign in and sends nothing', async () => {
    const user = userEvent.setup();
    const writes = setup();
    await renderCatalog('/en/products/magnesium-citrate');
    await screen.findByRole('heading', { level: 1, name: 'Magnesium Citrate' });
    expect(screen.getByText(/Sign in to use your cart and wishlist/)).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/en/login');

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(signIn).toHaveFocus();
    expect(writes).toEqual([]);
  });

  it('signed in: adds the chosen variant and quantity to the cart and the wishlist, with toasts', async () => {
    const user = userEvent.setup();
    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 });
    const writes = setup();
    await renderCatalog('/en/products/magnesium-citrate');
    await screen.findByRole('heading', { level: 1, name: 'Magnesium Citrate' });
    expect(screen.queryByText(/Sign in to use your cart/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /120 capsules/ }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3x');
    expect(quantity).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added to your cart');
    expect(writes[0]).toEqual({
      path: '/api/v2/storefront/cart/items',
      body: { product_variant_id: 421, quantity: 3 },
      authorization: 'Bearer access',
    });

    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Added to your wishlist'));
    expect(writes[1]).toMatchObject({ path: '/api/v2/account/wishlist', body: { product_variant_id: 421 } });
  });

  it('signed in: a failed add shows an error toast', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 });
    server.use(
      ...catalogHandlers(),
      http.post('*/api/v2/storefront/cart/items', () => HttpResponse.json({ message: 'Out of stock' }, { status: 409 })),
    );
    await renderCatalog('/en/products/magnesium-citrate');
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The product could not be added to your cart.');
  });

  it("shows the chosen size's stock, each size's in the picker, and a sold-out size cannot go into the cart", async () => {
    const user = userEvent.setup();
    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 });
    const writes = setup();
    const [small, large] = productDetail.variants;
    const product: ProductDetail = {
      ...productDetail,
      stock: { state: 'low', available: 2, note: '' },
      variants: [
        { ...small!, availability: 2, stock: { state: 'sold_out', available: null, note: '' } },
        { ...large!, stock: { state: 'low', available: 2, note: '' } },
      ],
    };
    server.use(http.get('*/api/v2/storefront/products/:slug', () => HttpResponse.json(product)));
    await renderCatalog('/en/products/magnesium-citrate');
    await screen.findByRole('heading', { level: 1, name: 'Magnesium Citrate' });

    // The page starts on a size that can be bought, and says how few are left.
    const variants = screen.getByRole('group', { name: 'Choose a size' });
    expect(within(variants).getByRole('radio', { name: /120 capsules/ })).toBeChecked();
    expect(within(variants).getByRole('radio', { name: /60 capsules/ })).toHaveAccessibleName(/Sold out/);
    expect(within(variants).getByRole('radio', { name: /120 capsules/ })).toHaveAccessibleName(/Only 2 left/);
    const availability = () => document.querySelector('.availability') as HTMLElement;
    expect(availability()).toHaveTextContent('Only 2 left');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();

    // The sold-out size: said in words, and its cart button says so and cannot be pressed.
    await user.click(within(variants).getByRole('radio', { name: /60 capsules/ }));
    expect(availability()).toHaveTextContent('Sold out');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    // It can still be wished for.
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ path: '/api/v2/account/wishlist', body: { product_variant_id: 420 } });
  });

  it('signed in: a sold-out size offers to tell the buyer when it is back', async () => {
    const user = userEvent.setup();
    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 });
    const asked: unknown[] = [];
    setup();
    const soldOut: ProductDetail = {
      ...productDetail,
      variants: productDetail.variants.map((variant) => ({
        ...variant,
        availability: 2,
        stock: { state: 'sold_out', available: null, note: '' },
      })),
    };
    server.use(
      http.get('*/api/v2/storefront/products/:slug', () => HttpResponse.json(soldOut)),
      http.post('*/api/v2/account/stock-alerts', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    await renderCatalog('/en/products/magnesium-citrate');

    await user.click(await screen.findByRole('button', { name: 'Tell me when it is back' }));

    expect(await screen.findByRole('status')).toHaveTextContent('We will e-mail you when it is back in stock.');
    expect(asked).toEqual([{ product_variant_id: soldOut.variants[0]!.id }]);
  });

  it('an in-stock size offers no alert', async () => {
    setup();
    await renderCatalog('/en/products/magnesium-citrate');
    await screen.findByRole('button', { name: 'Add to cart' });
    expect(screen.queryByRole('button', { name: 'Tell me when it is back' })).toBeNull();
  });

  it('says "On back-order" with the delivery note, and such a size can be bought', async () => {
    const product: ProductDetail = {
      ...productDetail,
      variants: productDetail.variants.map((variant) => ({
        ...variant,
        stock: { state: 'back_order', available: null, note: 'Ships in 2 weeks' },
      })),
    };
    setup();
    server.use(http.get('*/api/v2/storefront/products/:slug', () => HttpResponse.json(product)));
    await renderCatalog('/en/products/magnesium-citrate');
    await screen.findByRole('heading', { level: 1, name: 'Magnesium Citrate' });
    expect(document.querySelector('.availability')).toHaveTextContent('On back-order: Ships in 2 weeks');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('shows stock changing on another device at once: stock.updated naming this product refetches it', async () => {
    setup();
    let product: ProductDetail = productDetail;
    server.use(http.get('*/api/v2/storefront/products/:slug', () => HttpResponse.json(product)));
    await renderCatalog('/en/products/magnesium-citrate');
    await screen.findByRole('heading', { level: 1, name: 'Magnesium Citrate' });
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();

    // Another product's change is not this page's business; this one's is.
    product = {
      ...productDetail,
      stock: { state: 'sold_out', available: null, note: '' },
      variants: productDetail.variants.map((variant) => ({
        ...variant,
        availability: 2,
        stock: { state: 'sold_out', available: null, note: '' },
      })),
    };
    act(() => notifyTopic('stock.updated', { product_ids: [productDetail.id + 1], product_variant_ids: [1] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    act(() => notifyTopic('stock.updated', { product_ids: [productDetail.id], product_variant_ids: [420] }));

    expect(await screen.findByRole('button', { name: 'Sold out' })).toBeDisabled();
  });

  it('shows a not-found screen for an unknown product', async () => {
    setup();
    await renderCatalog('/en/products/no-such-thing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all products' })).toHaveAttribute('href', '/en/products');
  });
});
