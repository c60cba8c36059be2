import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '../../../lib/toast/toast-store';
import { ConfirmButton } from './confirm-button';
import { serverMessageOf } from './field-errors';
import { SortableList } from './sortable-list';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';

export interface FieldsProps<Fields> {
  id: string;
  value: Fields;
  onChange: (changes: Partial<Fields>) => void;
  errorOf: (...fields: string[]) => string | undefined;
}

/** What a list of the store (services, packages) needs to be edited: its calls, its fields, its texts. */
export interface EditableListConfig<Item extends { id: number; name: string }, Fields extends { name: string }> {
  /**
   * The prefix of the list's texts in the store-editor namespace: `<keys>.untitled`, `.delete-question`,
   * `.none`, `.list-label`, `.add-title`, `.add`, `.added` and `.full`.
   */
  keys: 'services' | 'packages';
  /** The most items the server keeps (docs/api.md "Limits"): at the limit the add form gives way to a note. */
  limit: number;
  /** Element ids: `<idPrefix>-<item id>-<field>` for an item, `<newId>-<field>` for the add form. */
  idPrefix: string;
  newId: string;
  empty: Fields;
  fieldsOf: (item: Item) => Fields;
  renderFields: (props: FieldsProps<Fields>) => ReactNode;
  create: (fields: Fields) => Promise<Item>;
  update: (id: number, fields: Fields) => Promise<Item>;
  remove: (id: number) => Promise<unknown>;
  /** Puts the server's answer into the store's cache, or takes an item out of it. */
  put: (item: Item) => Promise<unknown>;
  drop: (id: number) => Promise<unknown>;
  move: (id: number, index: number) => void;
  /** More of an item, edited on its own beside its form (a package's image and features). */
  renderExtra?: (item: Item, name: string) => ReactNode;
}

function EditableItem<Item extends { id: number; name: string }, Fields extends { name: string }>({
  item,
  config,
}: {
  item: Item;
  config: EditableListConfig<Item, Fields>;
}) {
  const { t } = useTranslation('store-editor');
  const name = item.name || t(`${config.keys}.untitled`);
  const { draft, dirty, patch, commit } = useDraft<Fields>(config.fieldsOf(item));
  const { saving, errors, run } = useSave(name);
  const errorOf = useFieldError(errors);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saving) return;
    const saved = await run(() => config.update(item.id, draft));
    if (saved) {
      commit(config.fieldsOf(saved));
      await config.put(saved);
    }
  };
  const remove = async () => {
    try {
      await config.remove(item.id);
      await config.drop(item.id);
      toast.success(t('toast.deleted', { name }));
    } catch (error) {
      toast.error(serverMessageOf(error) ?? t('toast.delete-failed', { name }));
    }
  };

  const extra = config.renderExtra?.(item, name);
  const form = (
    <form
      className={extra ? 'store-form' : 'store-form store-item'}
      aria-label={extra ? undefined : name}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      {config.renderFields({ id: `${config.idPrefix}-${item.id}`, value: draft, onChange: patch, errorOf })}
      <div className="store-form__actions">
        <button type="submit" className="button" disabled={!dirty || saving}>
          {saving ? t('action.saving') : t('action.save')}
        </button>
        <ConfirmButton
          label={t('action.delete')}
          question={t(`${config.keys}.delete-question`, { name })}
          onConfirm={() => void remove()}
        />
        {dirty && !saving && <span className="store-form__status">{t('action.unsaved')}</span>}
      </div>
    </form>
  );
  if (!extra) return form;
  // With parts saved on their own, the item is a group holding its form and those parts.
  return (
    <div className="store-item" role="group" aria-label={name}>
      {form}
      {extra}
    </div>
  );
}

function AddItem<Item extends { id: number; name: string }, Fields extends { name: string }>({
  full,
  config,
}: {
  full: boolean;
  config: EditableListConfig<Item, Fields>;
}) {
  const { t } = useTranslation('store-editor');
  const [draft, setDraft] = useState<Fields>(config.empty);
  const { saving, errors, run } = useSave(t(`${config.keys}.add-title`));
  const errorOf = useFieldError(errors);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const created = await run(() => config.create(draft), t(`${config.keys}.added`, { name: draft.name }));
    if (created) {
      await config.put(created);
      setDraft(config.empty);
    }
  };

  if (full) return <p className="store-field__help">{t(`${config.keys}.full`, { limit: config.limit })}</p>;
  return (
    <form className="store-form store-add" aria-label={t(`${config.keys}.add-title`)} onSubmit={(event) => void add(event)} noValidate>
      <h3 className="store-add__title">{t(`${config.keys}.add-title`)}</h3>
      {config.renderFields({
        id: config.newId,
        value: draft,
        onChange: (changes) => setDraft((current) => ({ ...current, ...changes })),
        errorOf,
      })}
      <div className="store-form__actions">
        <button type="submit" className="button" disabled={saving || draft.name.trim() === ''}>
          {saving ? t('action.adding') : t(`${config.keys}.add`)}
        </button>
      </div>
    </form>
  );
}

/**
 * One of the store's ordered lists: each item edited and saved on its own (a refused save keeps what was
 * typed), deleted after a confirmation, reordered by drag or buttons, and a form to add one until the
 * server's limit. The services and the packages are both this list with their own fields and calls.
 */
export function EditableList<Item extends { id: number; name: string }, Fields extends { name: string }>({
  items,
  config,
}: {
  items: readonly Item[];
  config: EditableListConfig<Item, Fields>;
}) {
  const { t } = useTranslation('store-editor');
  return (
    <>
      {items.length === 0 ? (
        <p className="store-field__help">{t(`${config.keys}.none`)}</p>
      ) : (
        <SortableList
          items={items}
          label={t(`${config.keys}.list-label`)}
          nameOf={(item) => item.name}
          onMove={(item, index) => config.move(item.id, index)}
          renderItem={(item) => <EditableItem item={item} config={config} />}
        />
      )}
      <AddItem full={items.length >= config.limit} config={config} />
    </>
  );
}
