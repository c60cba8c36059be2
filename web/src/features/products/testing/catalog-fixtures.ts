import { http, HttpResponse } from 'msw';

import type { CategoryNode, FilterOptions, ProductCard, ProductDetail, ProductListPage } from '../api/types';

export const filterOptions: FilterOptions = {
  brands: [
    { id: 5, name: 'Brightfern' },
    { id: 3, name: 'Kestrel Naturals' },
  ],
  health_goals: [{ id: 1, name: 'Energy' }],
  delivery_form: [{ id: 2, name: 'Capsules' }],
  free_from: [{ id: 4, name: 'Gluten' }],
  suitable_for: [{ id: 6, name: 'Vegans' }],
  availability: [
    { id: 1, name: 'Available' },
    { id: 2, name: 'Unavailable' },
  ],
  zero_waste: [{ id: 1, name: 'Sale' }],
};

export const categoryTree: CategoryNode[] = [
  {
    id: 7,
    name: 'Minerals',
    slug: 'minerals',
    children: [{ id: 8, name: 'Magnesium', slug: 'minerals-magnesium', children: [] }],
  },
];

export function card(id: number, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    brand: { brand_id: 5, id: 5, name: 'Brightfern', slug: 'brightfern' },
    price: '29.95',
    currency: 'EUR',
    is_available: true,
    stock: { state: 'in_stock', available: null, note: '' },
    practitioner_only: false,
    zero_waste: false,
    variants: [
      { id: id * 10, sku: `SKU-${id}`, price: '29.95', currency: 'EUR', unit_of_measure: '60 capsules', weight: null, availability: 1, stock: { state: 'in_stock', available: null, note: '' } },
    ],
    assets: [
      {
        asset_id: id,
        asset_order: 0,
        is_primary: true,
        image_url: `/media/${id}.webp`,
        alt_text: `Product ${id} jar`,
        thumbnails: { thumbnail_75: `/media/${id}-75.webp`, thumbnail_125: `/media/${id}-125.webp`, thumbnail_250: `/media/${id}-250.webp` },
      },
    ],
    ...overrides,
  };
}

export function listPage(query: URLSearchParams, total = 60): ProductListPage {
  const page = Number(query.get('page') ?? '1');
  const limit = Number(query.get('limit') ?? '26');
  const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
  return {
    data: Array.from({ length: count }, (_, index) => card((page - 1) * limit + index + 1)),
    total_results: total,
    total_pages: Math.ceil(total / limit),
    current_page: page,
    limit,
    available_products: total,
    unavailable_products: 0,
    order_by: query.get('order_by') ?? 'id',
    order: query.get('order') ?? 'desc',
    order_name: query.get('order_name') ?? '1',
    facets: { brands: { '5': 41, '3': 19 }, availability: { '1': 60, '2': 0 }, categories: { '7': 12, '8': 6 } },
  };
}

export const productDetail: ProductDetail = {
  ...card(42, {
    slug: 'magnesium-citrate',
    name: 'Magnesium Citrate',
    variants: [
      { id: 420, sku: 'MC-60', price: '12.50', currency: 'EUR', unit_of_measure: '60 capsules', weight: null, availability: 1, stock: { state: 'in_stock', available: null, note: '' } },
      { id: 421, sku: 'MC-120', price: '21.00', currency: 'EUR', unit_of_measure: '120 capsules', weight: null, availability: 1, stock: { state: 'in_stock', available: null, note: '' } },
    ],
  }),
  description: 'Gentle magnesium for everyday use.',
  ingredients: 'Magnesium citrate, capsule shell',
  categories: [{ id: 8, name: 'Magnesium' }],
  health_goals: [],
  delivery_form: [],
  free_from: [],
  suitable_for: [],
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  // Only the 60-capsule size has facts: the 120 shows none.
  supplement_facts: [
    {
      product_variant_id: 420,
      serving_size: 1,
      serving_unit: 'capsule',
      servings_per_container: 60,
      servings_per_day: 2,
      nutrients: [
        { nutrient: 'magnesium', name: 'Magnesium', form: 'supplemental', amount: 150, unit: 'mg', per_serving: 150, nutrient_unit: 'mg' },
        { nutrient: 'vitamin_d', name: 'Vitamin D', form: '', amount: 1000, unit: 'IU', per_serving: 25, nutrient_unit: 'µg' },
      ],
    },
  ],
};

/** Every catalogue call, recording the product list queries. */
export function catalogHandlers(listRequests: URLSearchParams[] = []) {
  return [
    http.get('*/api/v2/storefront/filters', () => HttpResponse.json(filterOptions)),
    http.get('*/api/v2/storefront/categories', () => HttpResponse.json(categoryTree)),
    http.get('*/api/v2/storefront/products', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listRequests.push(query);
      return HttpResponse.json(listPage(query));
    }),
    http.get('*/api/v2/storefront/products/:slug', ({ params }) =>
      params.slug === productDetail.slug
        ? HttpResponse.json(productDetail)
        : HttpResponse.json({ message: 'There is no product at this address.', code: 'not_found', errors: {} }, { status: 404 }),
    ),
  ];
}
