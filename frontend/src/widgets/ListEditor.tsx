// A generic list editor: items with up / down / remove, and an add button.
import type { ReactNode } from "react";
import { useI18n } from "../lib/i18n";
import { moveItem, removeAt, replaceAt } from "../lib/list";
import { ItemButtons } from "./inputs";

export function ListEditor<T>(props: {
  items: T[] | undefined;
  onChange: (items: T[]) => void;
  render: (item: T, onItem: (item: T) => void, index: number) => ReactNode;
  create: () => T;
  addLabel?: string;
  testId?: string;
  itemName?: (item: T, index: number) => string;
}) {
  const { t } = useI18n();
  const items = props.items ?? [];
  return (
    <div className="list-editor" data-testid={props.testId}>
      {items.length ? (
        <ol className="list-items">
          {items.map((item, i) => (
            <li key={i} className="list-item">
              <div className="list-item-body">{props.render(item, (next) => props.onChange(replaceAt(items, i, next)), i)}</div>
              <ItemButtons
                index={i}
                count={items.length}
                name={props.itemName ? props.itemName(item, i) : String(i + 1)}
                onMove={(from, to) => props.onChange(moveItem(items, from, to))}
                onRemove={(index) => props.onChange(removeAt(items, index))}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <button type="button" className="add" onClick={() => props.onChange([...items, props.create()])}>
        + {props.addLabel ?? t("f.add")}
      </button>
    </div>
  );
}
