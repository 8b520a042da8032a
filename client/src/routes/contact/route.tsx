import { SUPPORT_FACTS } from '@playquid/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { Clock, Mail, MessageCircle } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../components/Footer';
import { PageHeader } from '../../components/PageHeader';
import { pageHead } from '../../lib/page';
import { Card } from '../../ui/Card';
import { pageWidth } from '../../ui/styles';
import { FaqAccordion } from './-components/FaqAccordion';
import { FAQ_GROUPS } from './-components/faq';

export const Route = createFileRoute('/contact')({
  head: () => pageHead('Contact Us', 'Contact PlayQuid support by email. We reply within 24-48 hours.'),
  component: ContactPage,
});

const CARDS = [
  {
    icon: Mail,
    title: 'Email support',
    text: (
      <a className="font-semibold text-quid-300 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
        {SUPPORT_EMAIL}
      </a>
    ),
  },
  { icon: MessageCircle, title: 'Response time', text: `We reply within ${SUPPORT_FACTS.responseHours} hours.` },
  { icon: Clock, title: 'Support hours', text: `${SUPPORT_FACTS.hours}.` },
];

function ContactPage() {
  return (
    <>
      <PageHeader
        eyebrow="Legal & Support"
        title="Contact Us"
        lead="Questions about an offer, a reward or a payout? Our support team is here to help."
      />
      <section className={`${pageWidth} grid gap-4 py-12 md:grid-cols-3`}>
        {CARDS.map(({ icon: Icon, title, text }) => (
          <Card key={title} className="p-6">
            <span className="grid h-11 w-11 place-items-center rounded-2xl bg-grape-500/20 text-grape-300" aria-hidden>
              <Icon size={20} />
            </span>
            <h2 className="mt-4 font-display font-bold text-white">{title}</h2>
            <p className="mt-1 text-slate-400">{text}</p>
          </Card>
        ))}
      </section>
      <section className={`${pageWidth} pb-16`} aria-labelledby="faq-title">
        <h2 id="faq-title" className="font-display text-2xl font-extrabold text-white sm:text-3xl">
          Frequently Asked Questions
        </h2>
        <p className="mt-2 mb-6 text-slate-400">Quick answers to what members ask us most.</p>
        <FaqAccordion groups={FAQ_GROUPS} />
      </section>
    </>
  );
}
