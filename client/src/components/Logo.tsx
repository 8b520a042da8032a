import { Link } from '@tanstack/react-router';

/** Brand mark and name; links home. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      className="group flex items-center gap-2.5 rounded-xl font-display font-extrabold tracking-tight text-white"
      aria-label="PlayQuid home"
    >
      <span className="relative grid h-9 w-9 place-items-center rounded-xl bg-linear-to-br from-quid-300 via-quid-400 to-grape-400 text-lg text-ink-950 shadow-lg shadow-grape-500/30 transition group-hover:rotate-[-6deg]">
        £
      </span>
      {!compact && (
        <span className="text-xl">
          Play<span className="text-quid-300">Quid</span>
        </span>
      )}
    </Link>
  );
}
