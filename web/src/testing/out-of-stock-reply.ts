// The server's 409 when units are short (docs/api.md, "Stock"): checkout's and the order page's tests.
export const OUT_OF_STOCK_REPLY = {
  message: 'Not enough in stock: Vitamin D3 Drops (sold out), Magnesium (only 2 left). Lower the quantity or remove them to go on.',
  code: 'out_of_stock',
  errors: { 'lines.11': ['out of stock'], 'lines.12': ['out of stock'] },
  lines: [
    { product_variant_id: 11, name: 'Vitamin D3 Drops', available: 0 },
    { product_variant_id: 12, name: 'Magnesium', available: 2 },
  ],
};
