import { useTranslation } from 'react-i18next';

import { createService } from '../api/create-service';
import { deleteService } from '../api/delete-service';
import { SERVICE_ICONS, type ServiceInput, type Store, type StoreService } from '../api/types';
import { updateService } from '../api/update-service';
import { EditableList, type EditableListConfig, type FieldsProps } from './editable-list';
import { SelectField, TextField } from './fields';
import { MAX_TITLE } from './titled-section';
import { useStoreCache } from './use-store-cache';

/** docs/api.md "Limits". */
export const MAX_SERVICES = 50;
export const MAX_ITEM_DESCRIPTION = 1000;

const EMPTY: ServiceInput = { name: '', description: '', icon: 'leaf' };

function ServiceFields({ id, value, onChange, errorOf }: FieldsProps<ServiceInput>) {
  const { t } = useTranslation('store-editor');
  return (
    <>
      <div className="store-form__row">
        <TextField id={`${id}-name`} label={t('services.name')} value={value.name} maxLength={MAX_TITLE} required error={errorOf('name')} onChange={(name) => onChange({ name })} />
        <SelectField
          id={`${id}-icon`}
          label={t('services.icon')}
          value={value.icon}
          options={SERVICE_ICONS.map((icon) => ({ value: icon, label: t(`icon.${icon}`) }))}
          error={errorOf('icon')}
          onChange={(icon) => onChange({ icon })}
        />
      </div>
      <TextField
        id={`${id}-description`}
        label={t('services.description')}
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

/** The store's services: each edited and saved on its own, reordered by drag or buttons, and added. */
export function ServiceList({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const cache = useStoreCache();
  const config: EditableListConfig<StoreService, ServiceInput> = {
    keys: 'services',
    limit: MAX_SERVICES,
    idPrefix: 'store-service',
    newId: 'store-new-service',
    empty: EMPTY,
    fieldsOf: (service) => ({ name: service.name, description: service.description, icon: service.icon }),
    renderFields: (props) => <ServiceFields {...props} />,
    create: createService,
    update: updateService,
    remove: deleteService,
    put: (service) => cache.putService(service),
    drop: (id) => cache.dropService(id),
    move: (id, index) => void cache.moveService(id, index),
  };
  return (
    <div className="store-list">
      <h3 className="store-list__title">{t('services.list-title', { total: store.services.length })}</h3>
      <EditableList items={store.services} config={config} />
    </div>
  );
}
