import type { ReactNode } from 'react';
import { Card } from '../ui/Card';
import { pageWidth } from '../ui/styles';
import { PageHeader } from './PageHeader';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** Static legal and support pages: a header and numbered sections of plain text. */
export function LegalPage({ title, lead, sections }: { title: string; lead: string; sections: LegalSection[] }) {
  return (
    <>
      <PageHeader eyebrow="Legal & Support" title={title} lead={lead} />
      <section className={`${pageWidth} py-12`}>
        <Card className="mx-auto max-w-3xl divide-y divide-white/5">
          {sections.map((section, index) => (
            <article key={section.heading} className="p-6 sm:p-8">
              <h2 className="font-display text-lg font-bold text-white">
                <span className="mr-2 text-grape-300">{index + 1}.</span>
                {section.heading}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-300">{section.body}</div>
            </article>
          ))}
        </Card>
      </section>
    </>
  );
}
