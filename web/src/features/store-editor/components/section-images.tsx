import { useTranslation } from 'react-i18next';

import { toast } from '../../../lib/toast/toast-store';
import { deleteStoreImage } from '../api/delete-store-image';
import type { ImageSectionName } from '../api/keys';
import type { Store } from '../api/types';
import { uploadStoreImage } from '../api/upload-store-image';
import { ImagePicker } from './image-picker';
import { useStoreCache } from './use-store-cache';

/** The image of the header or about section, or the two of approach, each uploaded as soon as chosen. */
export function SectionImages({ store, section }: { store: Store; section: ImageSectionName }) {
  const { t } = useTranslation('store-editor');
  const cache = useStoreCache();
  const upload = async (file: File, slot: 1 | 2 = 1) => {
    await cache.setStore(await uploadStoreImage(section, file, slot));
  };
  const remove = async () => {
    await cache.setStore(await deleteStoreImage(section));
  };

  if (section === 'approach') {
    // The approach's DELETE removes both images: one button for the pair.
    return (
      <div className="store-images">
        <ImagePicker label={t('image.approach-1')} current={store.approach.image_1} onUpload={(file) => upload(file, 1)} />
        <ImagePicker label={t('image.approach-2')} current={store.approach.image_2} onUpload={(file) => upload(file, 2)} />
        {(store.approach.image_1 || store.approach.image_2) && (
          <button type="button" className="button button--secondary" onClick={() => void remove().catch(() => toast.error(t('image.failed')))}>
            {t('image.remove-both')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="store-images">
      <ImagePicker
        label={t(section === 'header' ? 'image.header' : 'image.about')}
        current={store[section].image}
        onUpload={upload}
        onRemove={remove}
      />
    </div>
  );
}
