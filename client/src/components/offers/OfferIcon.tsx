import { Gamepad2 } from 'lucide-react';
import { useState } from 'react';

/** An offer's icon, or a game-pad tile when it has none or the image fails to load. */
export function OfferIcon({
  src,
  size = 'md',
  className = '',
}: {
  src: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const box = { sm: 'h-10 w-10 rounded-xl', md: 'h-14 w-14 rounded-2xl', lg: 'h-20 w-20 rounded-3xl' }[size];
  if (!src || broken) {
    return (
      <span
        className={`grid shrink-0 place-items-center bg-linear-to-br from-grape-500/40 to-flare-500/30 text-white ${box} ${className}`}
        aria-hidden
      >
        <Gamepad2 size={size === 'lg' ? 34 : size === 'md' ? 24 : 18} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className={`shrink-0 object-cover ring-1 ring-white/10 ${box} ${className}`}
    />
  );
}
