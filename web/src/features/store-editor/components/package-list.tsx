import { useTranslation } from 'react-i18next';

import { createPackage } from '../api/create-package';
import { deletePackage } from '../api/delete-package';
import type { PackageInput, Store, StorePackage } from '../api/types';
import { updatePackage } from '../api/update-package';
import { uploadPackageImage } from '../api/upload-package-image';
import { EditableList, type EditableListConfig, type FieldsProps } from './editable-list';
import { TextField } from './fields';
import { ImagePicker } from './image-picker';
import { PackageFeatures } from './package-features';
import { MAX_ITEM_DESCRIPTION } from './service-list';
import { MAX_TITLE } from './titled-section';
import { useStoreCache } from './use-store-cache';

/** docs/api.md "Limits". */
export const MAX_PACKAGES = 20;
export const MAX_PRICE = 60;

type PackageFieldsValue = Omit<PackageInput, 'features'>;
const EMPTY: PackageFieldsValue = { name: '', description: '', price: '' };

function PackageFields({ id, value, onChange, errorOf }: FieldsProps<PackageFieldsValue>) {
  const { t } = useTranslation('store-editor');
  return (
    <>
      <div className="store-form__row">
        <TextField id={`${id}-name`} label={t('packages.name')} value={value.name} maxLength={MAX_TITLE} required error={errorOf('name')} onChange={(name) => onChange({ name })} />
        <TextField
          id={`${id}-price`}
          label={t('packages.price')}
          help={t('packages.price-help')}
          value={value.price}
          maxLength={MAX_PRICE}
          error={errorOf('price')}
          onChange={(price) => onChange({ price })}
        />
      </div>
      <TextField
        id={`${id}-description`}
        label={t('packages.description')}
        value={value.description}
        maxLength={MAX_ITEM_DESCRIPTION}
        multiline
        rows={3}
        error={errorOf('description')}
        onChange={(description) => onChange({ description })}
      />
    </>
  );
}

/** The store's packages with their image and features, reordered by drag or buttons, and added. */
export function PackagesSection({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const cache = useStoreCache();
  const config: EditableListConfig<StorePackage, PackageFieldsValue> = {
    keys: 'packages',
    limit: MAX_PACKAGES,
    idPrefix: 'store-package',
    newId: 'store-new-package',
    empty: EMPTY,
    fieldsOf: (pack) => ({ name: pack.name, description: pack.description, price: pack.price }),
    renderFields: (props) => <PackageFields {...props} />,
    // A new package starts without features; they are added one by one once it exists.
    create: (fields) => createPackage({ ...fields, features: [] }),
    update: updatePackage,
    remove: deletePackage,
    put: (pack) => cache.putPackage(pack),
    drop: (id) => cache.dropPackage(id),
    move: (id, index) => void cache.movePackage(id, index),
    renderExtra: (pack, name) => (
      <>
        <ImagePicker
          label={t('image.package', { name })}
          current={pack.image}
          onUpload={async (file) => {
            await cache.putPackage(await uploadPackageImage(pack.id, file));
          }}
        />
        <PackageFeatures pack={pack} />
      </>
    ),
  };
  return (
    <section className="store-section" aria-labelledby="store-packages-title">
      <h2 id="store-packages-title" className="store-section__title">
        {t('packages.title')}
      </h2>
      <p className="store-section__lead">{t('packages.lead')}</p>
      <EditableList items={store.packages} config={config} />
    </section>
  );
}
