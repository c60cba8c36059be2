import { createContext, use, type ReactNode } from 'react';

export interface ProductActionSlotProps {
  variantId: number;
  quantity: number;
}

export type RenderProductAction = (props: ProductActionSlotProps) => ReactNode;

/**
 * What the app adds to a product page's actions (the protocol builder's "add to protocol"). Features do
 * not import each other, so the app, which knows both, fills this slot and the product page renders it.
 */
export const ProductActionSlotContext = createContext<RenderProductAction | null>(null);

export function ProductActionSlot(props: ProductActionSlotProps) {
  const render = use(ProductActionSlotContext);
  return render ? render(props) : null;
}
