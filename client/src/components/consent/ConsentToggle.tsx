import { useId } from 'react';

/** One cookie category with an on/off switch (a native checkbox with the switch role, for screen readers). */
export function ConsentToggle({
  title,
  text,
  checked,
  disabled = false,
  onChange,
  testId,
}: {
  title: string;
  text: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (value: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3">
      <label htmlFor={id} className="min-w-0">
        <span className="block text-sm font-semibold text-white">{title}</span>
        <span className="block text-xs text-slate-400">{text}</span>
      </label>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-white/15 transition checked:bg-quid-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-quid-300 disabled:cursor-not-allowed disabled:opacity-70"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange?.(event.target.checked)}
          data-testid={testId}
        />
        <span
          className="pointer-events-none absolute top-1 left-1 h-5 w-5 rounded-full bg-white shadow transition peer-checked:translate-x-5"
          aria-hidden
        />
      </span>
    </li>
  );
}
