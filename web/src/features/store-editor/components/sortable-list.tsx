import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Symbols, not words: the buttons' names come from their translated labels. */
const GLYPHS = { handle: '⠿', up: '↑', down: '↓' } as const;

interface SortableListProps<Item extends { id: number }> {
  items: readonly Item[];
  /** The list's accessible name. */
  label: string;
  /** The item's name for the move buttons and the announcement. */
  nameOf: (item: Item) => string;
  /** Moves the item to `index` (0 = first). */
  onMove: (item: Item, index: number) => void;
  renderItem: (item: Item, index: number) => ReactNode;
}

/**
 * A list reordered by dragging an item's handle (HTML5 drag and drop) or with its move up / move down
 * buttons (keyboard). The new place is announced to screen readers.
 */
export function SortableList<Item extends { id: number }>({ items, label, nameOf, onMove, renderItem }: SortableListProps<Item>) {
  const { t } = useTranslation('store-editor');
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);

  const move = (item: Item, index: number, focus?: 'up' | 'down') => {
    if (index < 0 || index >= items.length) return;
    onMove(item, index);
    setAnnouncement(t('reorder.moved', { name: nameOf(item), position: index + 1, total: items.length }));
    if (focus) {
      // The item's DOM node moves, which drops the focus in some browsers: put it back on the button,
      // or on the other one when the item reached an end of the list.
      requestAnimationFrame(() => {
        const root = list.current;
        const wanted = root?.querySelector<HTMLButtonElement>(`[data-move="${item.id}-${focus}"]:not(:disabled)`);
        const other = root?.querySelector<HTMLButtonElement>(`[data-move="${item.id}-${focus === 'up' ? 'down' : 'up'}"]`);
        (wanted ?? other)?.focus();
      });
    }
  };

  const drop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    setOver(null);
    const id = dragged.current;
    dragged.current = null;
    const item = items.find((candidate) => candidate.id === id);
    if (item && items.indexOf(item) !== index) move(item, index);
  };

  return (
    <>
      <ol className="store-sortable" aria-label={label} ref={list}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={`store-sortable__item${over === index ? ' store-sortable__item--over' : ''}`}
            onDragOver={(event) => {
              if (dragged.current === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDragLeave={() => setOver((current) => (current === index ? null : current))}
            onDrop={(event) => drop(event, index)}
          >
            <div className="store-sortable__controls">
              <span
                className="store-sortable__handle"
                draggable
                title={t('reorder.drag')}
                aria-hidden="true"
                onDragStart={(event) => {
                  dragged.current = item.id;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(item.id));
                  const row = event.currentTarget.closest('li');
                  if (row) event.dataTransfer.setDragImage(row, 16, 16);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setOver(null);
                }}
              >
                {GLYPHS.handle}
              </span>
              <button
                type="button"
                className="store-sortable__move"
                data-move={`${item.id}-up`}
                disabled={index === 0}
                aria-label={t('reorder.up', { name: nameOf(item) })}
                onClick={() => move(item, index - 1, 'up')}
              >
                <span aria-hidden="true">{GLYPHS.up}</span>
              </button>
              <button
                type="button"
                className="store-sortable__move"
                data-move={`${item.id}-down`}
                disabled={index === items.length - 1}
                aria-label={t('reorder.down', { name: nameOf(item) })}
                onClick={() => move(item, index + 1, 'down')}
              >
                <span aria-hidden="true">{GLYPHS.down}</span>
              </button>
            </div>
            <div className="store-sortable__body">{renderItem(item, index)}</div>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
