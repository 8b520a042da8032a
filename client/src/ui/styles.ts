/** Class lists of plain elements every page shares: page gutters, form fields, the small heading above a title. */
export const pageWidth = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';
export const inputClass =
  'w-full rounded-2xl border border-white/10 bg-ink-950/70 px-4 py-3 text-white placeholder:text-slate-500 transition focus:border-quid-300 focus:outline-none focus:ring-2 focus:ring-quid-300/30';
export const labelClass = 'flex flex-col gap-1.5 text-sm font-medium text-slate-300';
export const eyebrowClass = 'text-sm font-bold uppercase tracking-[0.18em] text-grape-300';
