import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';

import { testI18n, testI18nReady } from '../../testing/test-i18n';
import { BLANK_PIXEL, FALLBACK_IMAGE, ProductImage } from './product-image';

async function renderImage(src: string | null, fallbackSrc?: string) {
  await testI18nReady;
  await testI18n.changeLanguage('en');
  await testI18n.loadNamespaces('catalog');
  const view = render(
    <I18nextProvider i18n={testI18n}>
      <ProductImage src={src} alt="Magnesium jar" fallbackSrc={fallbackSrc} />
    </I18nextProvider>,
  );
  return view;
}

describe('ProductImage', () => {
  it('falls back to an image, then a blank pixel, then removes the source and says so (2 attempts)', async () => {
    await renderImage('/media/broken.webp', '/static/fallback.png');
    const image = screen.getByRole('img', { name: 'Magnesium jar' });
    expect(image).toHaveAttribute('src', '/media/broken.webp');

    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Magnesium jar' })).toHaveAttribute('src', '/static/fallback.png');

    fireEvent.error(screen.getByRole('img', { name: 'Magnesium jar' }));
    expect(screen.getByRole('img', { name: 'Magnesium jar' })).toHaveAttribute('src', BLANK_PIXEL);

    fireEvent.error(screen.getByRole('img', { name: 'Magnesium jar' }));
    const failed = screen.getByRole('img', { name: 'Magnesium jar' });
    expect(failed.tagName).toBe('SPAN');
    expect(failed).not.toHaveAttribute('src');
    expect(failed).toHaveTextContent('Image load failed');
    expect(document.querySelector('img')).toBeNull();
  });

  it('uses the built-in fallback image by default and starts again for a new source', async () => {
    const view = await renderImage('/media/a.webp');
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img')).toHaveAttribute('src', FALLBACK_IMAGE);

    view.rerender(
      <I18nextProvider i18n={testI18n}>
        <ProductImage src="/media/b.webp" alt="Magnesium jar" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('img')).toHaveAttribute('src', '/media/b.webp');
  });

  it('shows the fallback image straight away when there is no source', async () => {
    await renderImage(null);
    expect(screen.getByRole('img')).toHaveAttribute('src', FALLBACK_IMAGE);
  });
});
