const TRACK_ON = {
  quid: 'bg-quid-400',
  amber: 'bg-amber-400',
} as const;

/** An on/off switch (role="switch") named by `label`; it shows the value it is given, never a guess. */
export function Switch({
  on,
  label,
  busy = false,
  onToggle,
  tone = 'quid',
  testId,
}: {
  on: boolean;
  label: string;
  busy?: boolean;
  onToggle: () => void;
  tone?: keyof typeof TRACK_ON;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={busy}
      onClick={onToggle}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition disabled:cursor-wait disabled:opacity-50 ${
        on ? `${TRACK_ON[tone]} border-transparent` : 'border-white/15 bg-white/10'
      }`}
      data-testid={testId}
    >
      <span
        className={`inline-block h-4.5 w-4.5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-[1.4rem]' : 'translate-x-1'}`}
      />
    </button>
  );
}
