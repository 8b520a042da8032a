import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Card } from '../../../ui/Card';
import type { FaqGroup } from './faq';

/** Groups of questions; one answer open at a time across all groups. */
export function FaqAccordion({ groups }: { groups: FaqGroup[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="faq">
      {groups.map((group, groupIndex) => (
        <Card as="section" key={group.title} className="p-5 sm:p-6" aria-labelledby={`${baseId}-g${groupIndex}`}>
          <h3 id={`${baseId}-g${groupIndex}`} className="font-display text-lg font-bold text-white">
            {group.title}
          </h3>
          <ul className="mt-3 divide-y divide-white/5">
            {group.items.map((item, itemIndex) => {
              const key = `${groupIndex}-${itemIndex}`;
              const expanded = open === key;
              const panelId = `${baseId}-p${key}`;
              return (
                <li key={key}>
                  <h4>
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      onClick={() => setOpen(expanded ? null : key)}
                      className="flex w-full items-center justify-between gap-3 py-3.5 text-left text-sm font-semibold text-slate-200 transition hover:text-white"
                      data-testid="faq-question"
                    >
                      {item.question}
                      <ChevronDown size={18} aria-hidden className={`shrink-0 text-slate-400 transition ${expanded ? 'rotate-180' : ''}`} />
                    </button>
                  </h4>
                  <div
                    id={panelId}
                    role="region"
                    hidden={!expanded}
                    className="pb-4 text-sm leading-relaxed text-slate-400"
                    data-testid="faq-answer"
                  >
                    {item.answer}
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      ))}
    </div>
  );
}
