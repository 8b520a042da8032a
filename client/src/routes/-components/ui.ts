/** Shared class lists, so buttons, cards and fields look the same on every page. */
export const ui = {
  page: 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8',
  card: 'rounded-3xl border border-white/10 bg-ink-900/70 shadow-xl shadow-black/20 backdrop-blur',
  buttonPrimary:
    'inline-flex items-center justify-center gap-2 rounded-2xl bg-quid-300 px-5 py-3 font-bold text-ink-950 shadow-lg shadow-quid-500/25 transition hover:bg-quid-200 hover:shadow-quid-400/40 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60',
  buttonSecondary:
    'inline-flex items-center justify-center gap-2 rounded-2xl border border-white/15 bg-white/5 px-5 py-3 font-semibold text-white transition hover:border-white/30 hover:bg-white/10 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60',
  buttonGhost:
    'inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold text-slate-300 transition hover:bg-white/5 hover:text-white',
  input:
    'w-full rounded-2xl border border-white/10 bg-ink-950/70 px-4 py-3 text-white placeholder:text-slate-500 transition focus:border-quid-300 focus:outline-none focus:ring-2 focus:ring-quid-300/30',
  label: 'flex flex-col gap-1.5 text-sm font-medium text-slate-300',
  eyebrow: 'text-sm font-bold uppercase tracking-[0.18em] text-grape-300',
} as const;
