import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';

export function WishlistPage() {
  const { t } = useTranslation('cart');
  return <PageIntro title={t('title')} />;
}
