import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: LucideIcon;
}

/** Ids that tie a tab to its panel: `tabIds('payments', 'history').panel`. */
export const tabIds = (group: string, id: string) => ({ tab: `${group}-tab-${id}`, panel: `${group}-panel-${id}` });

/** A row of tabs (WAI-ARIA tabs pattern; arrow keys move between them). The page renders the panel. */
export function Tabs<T extends string>({
  group,
  label,
  items,
  active,
  onSelect,
}: {
  group: string;
  label: string;
  items: ReadonlyArray<TabItem<T>>;
  active: T;
  onSelect: (id: T) => void;
}) {
  const move = (from: number, step: number) => {
    const next = items[(from + step + items.length) % items.length];
    onSelect(next.id);
    document.getElementById(tabIds(group, next.id).tab)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto rounded-2xl border border-white/10 bg-ink-900/70 p-1">
      {items.map(({ id, label: text, icon: Icon }, index) => {
        const selected = id === active;
        const ids = tabIds(group, id);
        return (
          <button
            key={id}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index, 1);
              if (event.key === 'ArrowLeft') move(index, -1);
            }}
            className={`inline-flex shrink-0 items-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition ${
              selected ? 'bg-white/10 text-white' : 'text-slate-400 hover:bg-white/5 hover:text-white'
            }`}
          >
            {Icon && <Icon size={16} aria-hidden />}
            {text}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab. */
export function TabPanel({ group, id, children }: { group: string; id: string; children: ReactNode }) {
  const ids = tabIds(group, id);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className="mt-6">
      {children}
    </div>
  );
}
