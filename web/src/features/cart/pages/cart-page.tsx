import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { useCart } from '../api/get-cart';
import { useCartActions } from '../api/use-cart-actions';
import { CartLine } from '../components/cart-line';
import { CartTotals } from '../components/cart-totals';
import '../../../components/ui/line-list.css';
import '../components/cart.css';

export function CartPage() {
  const { t } = useTranslation('cart');
  const { cart, error, signedIn, revalidate } = useCart();
  const actions = useCartActions();

  if (!signedIn) {
    return (
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('signed-out.text')}</p>
        <LocalizedLink className="button" to="/login">
          {t('signed-out.sign-in')}
        </LocalizedLink>
      </PageIntro>
    );
  }

  if (!cart) {
    return (
      <PageIntro title={t('title')}>
        {error ? (
          <div className="cart-message" role="alert">
            <p>{t('error.load')}</p>
            <button type="button" className="button" onClick={() => void revalidate()}>
              {t('error.retry')}
            </button>
          </div>
        ) : (
          <p className="cart-message" aria-busy="true">
            {t('loading')}
          </p>
        )}
      </PageIntro>
    );
  }

  if (cart.items.length === 0) {
    return (
      <PageIntro title={t('title')}>
        <div className="cart-empty">
          <h2>{t('empty.title')}</h2>
          <p>{t('empty.text')}</p>
          <LocalizedLink className="button" to="/products">
            {t('empty.browse')}
          </LocalizedLink>
        </div>
      </PageIntro>
    );
  }

  return (
    <>
      <PageIntro title={t('title')} />
      <div className="cart-layout">
        <div>
          <ul className="line-list" aria-label={t('lines.label')}>
            {cart.items.map((item) => (
              <CartLine key={item.product_variant_id} item={item} currency={cart.currency} actions={actions} />
            ))}
          </ul>
          <button type="button" className="text-button cart-clear" disabled={actions.pending} onClick={() => void actions.clear()}>
            {t('clear')}
          </button>
        </div>
        <div className="cart-aside">
          <CartTotals cart={cart} />
          <LocalizedLink className="button cart-checkout" to="/checkout">
            {t('checkout')}
          </LocalizedLink>
        </div>
      </div>
    </>
  );
}
