import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '../../../lib/toast/toast-store';
import { createService } from '../api/create-service';
import { deleteService } from '../api/delete-service';
import { SERVICE_ICONS, type ServiceInput, type Store, type StoreService } from '../api/types';
import { updateService } from '../api/update-service';
import { ConfirmButton } from './confirm-button';
import { serverMessageOf } from './field-errors';
import { SelectField, TextField } from './fields';
import { SortableList } from './sortable-list';
import { MAX_TITLE } from './titled-section';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useStoreCache } from './use-store-cache';

/** docs/api.md "Limits". */
export const MAX_SERVICES = 50;
export const MAX_ITEM_DESCRIPTION = 1000;

const EMPTY: ServiceInput = { name: '', description: '', icon: 'leaf' };

function ServiceFields({ id, value, onChange, errorOf }: { id: string; value: ServiceInput; onChange: (changes: Partial<ServiceInput>) => void; errorOf: (...fields: string[]) => string | undefined }) {
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

function ServiceItem({ service }: { service: StoreService }) {
  const { t } = useTranslation('store-editor');
  const name = service.name || t('services.untitled');
  const { draft, dirty, patch, commit } = useDraft<ServiceInput>({ name: service.name, description: service.description, icon: service.icon });
  const { saving, errors, run } = useSave(name);
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saving) return;
    const saved = await run(() => updateService(service.id, draft));
    if (saved) {
      commit({ name: saved.name, description: saved.description, icon: saved.icon });
      await cache.putService(saved);
    }
  };
  const remove = async () => {
    try {
      await deleteService(service.id);
      await cache.dropService(service.id);
      toast.success(t('toast.deleted', { name }));
    } catch (error) {
      toast.error(serverMessageOf(error) ?? t('toast.delete-failed', { name }));
    }
  };

  return (
    <form className="store-form store-item" aria-label={name} onSubmit={(event) => void save(event)} noValidate>
      <ServiceFields id={`store-service-${service.id}`} value={draft} onChange={patch} errorOf={errorOf} />
      <div className="store-form__actions">
        <button type="submit" className="button" disabled={!dirty || saving}>
          {saving ? t('action.saving') : t('action.save')}
        </button>
        <ConfirmButton label={t('action.delete')} question={t('services.delete-question', { name })} onConfirm={() => void remove()} />
        {dirty && !saving && <span className="store-form__status">{t('action.unsaved')}</span>}
      </div>
    </form>
  );
}

function AddService({ full }: { full: boolean }) {
  const { t } = useTranslation('store-editor');
  const [draft, setDraft] = useState<ServiceInput>(EMPTY);
  const { saving, errors, run } = useSave(t('services.add-title'));
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const created = await run(() => createService(draft), t('services.added', { name: draft.name }));
    if (created) {
      await cache.putService(created);
      setDraft(EMPTY);
    }
  };

  if (full) return <p className="store-field__help">{t('services.full', { limit: MAX_SERVICES })}</p>;
  return (
    <form className="store-form store-add" aria-label={t('services.add-title')} onSubmit={(event) => void add(event)} noValidate>
      <h3 className="store-add__title">{t('services.add-title')}</h3>
      <ServiceFields id="store-new-service" value={draft} onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))} errorOf={errorOf} />
      <div className="store-form__actions">
        <button type="submit" className="button" disabled={saving || draft.name.trim() === ''}>
          {saving ? t('action.adding') : t('services.add')}
        </button>
      </div>
    </form>
  );
}

/** The store's services: each edited and saved on its own, reordered by drag or buttons, and added. */
export function ServiceList({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const cache = useStoreCache();
  return (
    <div className="store-list">
      <h3 className="store-list__title">{t('services.list-title', { total: store.services.length })}</h3>
      {store.services.length === 0 ? (
        <p className="store-field__help">{t('services.none')}</p>
      ) : (
        <SortableList
          items={store.services}
          label={t('services.list-label')}
          nameOf={(service) => service.name}
          onMove={(service, index) => void cache.moveService(service.id, index)}
          renderItem={(service) => <ServiceItem service={service} />}
        />
      )}
      <AddService full={store.services.length >= MAX_SERVICES} />
    </div>
  );
}
