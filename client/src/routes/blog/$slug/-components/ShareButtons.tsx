import { Check, Link2 } from 'lucide-react';
import { useFlash } from '../../../../lib/use-flash';

// Brand glyphs drawn here: the icon set has no brand marks (same shapes as the footer's).
const Glyph = ({ d }: { d: string }) => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden>
    <path d={d} fill="currentColor" />
  </svg>
);
const FACEBOOK = 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z';
const TWITTER = 'M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.4-6-5.1 6H4l6.5-7.6L4 4Z';

/** 'Copied!' stays 2 s. */
const COPIED_MS = 2_000;

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older browsers, or a clipboard permission refused: the selection-based copy still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('Copy failed');
  }
}

/** Share a post: Facebook, Twitter, Copy Link. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, flash] = useFlash<true>(COPIED_MS);
  const link =
    'inline-flex items-center gap-2 rounded-xl border border-white/10 bg-white/5 px-4 py-2.5 text-sm font-semibold text-white transition hover:border-white/30 hover:bg-white/10';
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="share-buttons">
      <span className="mr-1 text-sm font-semibold text-slate-300">Share this article:</span>
      <a
        href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={link}
      >
        <Glyph d={FACEBOOK} /> Facebook
      </a>
      <a
        href={`https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={link}
      >
        <Glyph d={TWITTER} /> Twitter
      </a>
      <button
        type="button"
        className={link}
        onClick={() =>
          void copyText(url).then(
            () => flash(true),
            () => undefined,
          )
        }
        data-testid="share-copy-link"
        aria-live="polite"
      >
        {copied ? <Check size={16} className="text-quid-300" aria-hidden /> : <Link2 size={16} aria-hidden />}
        {copied ? 'Copied!' : 'Copy Link'}
      </button>
    </div>
  );
}
