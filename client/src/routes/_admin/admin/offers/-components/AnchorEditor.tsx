import { Check, LoaderCircle, Undo2 } from 'lucide-react';
import { type CSSProperties, useState } from 'react';

/**
 * Inline anchor edit: type, then Enter or Save; Escape or Undo puts the saved value back. The page
 * remounts it (keyed by the saved anchor) once the server has the new value.
 */
export function AnchorEditor({
  anchor,
  title,
  busy,
  onSave,
}: {
  anchor: string | null;
  title: string;
  busy: boolean;
  onSave: (text: string) => void;
}) {
  const saved = anchor ?? '';
  const [draft, setDraft] = useState(saved);
  const changed = draft.trim() !== saved.trim();
  const save = () => changed && !busy && onSave(draft);
  const iconButton = 'grid h-8 w-8 shrink-0 place-items-center rounded-lg transition disabled:opacity-50';
  return (
    <form
      className="flex items-center gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <input
        className="min-w-36 max-w-72 rounded-xl border border-white/10 bg-ink-950/70 px-3 py-1.5 text-sm text-white placeholder:text-slate-600 focus:border-quid-300 focus:ring-2 focus:ring-quid-300/30 focus:outline-none"
        value={draft}
        // Wide enough for the whole anchor (field-sizing grows it with its text), its full value on hover.
        style={{ fieldSizing: 'content' } as CSSProperties}
        title={draft || undefined}
        placeholder="No anchor"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setDraft(saved)}
        aria-label={`Anchor for ${title}`}
        disabled={busy}
        data-testid="admin-offer-anchor-input"
      />
      {busy ? (
        <LoaderCircle size={16} className="animate-spin text-slate-400" aria-label="Saving anchor" />
      ) : (
        changed && (
          <>
            <button
              type="submit"
              className={`${iconButton} bg-quid-300 text-ink-950 hover:bg-quid-200`}
              aria-label={`Save anchor for ${title}`}
              data-testid="admin-offer-anchor-save"
            >
              <Check size={15} aria-hidden />
            </button>
            <button
              type="button"
              className={`${iconButton} text-slate-400 hover:bg-white/10 hover:text-white`}
              onClick={() => setDraft(saved)}
              aria-label="Undo anchor change"
            >
              <Undo2 size={15} aria-hidden />
            </button>
          </>
        )
      )}
    </form>
  );
}
