import type { Offer } from '@playquid/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { Swiper as SwiperClass } from 'swiper';
import { A11y, Autoplay, Keyboard } from 'swiper/modules';
import { usePrefersReducedMotion } from '../../lib/reduced-motion';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';

/**
 * Slider defaults: 300 ms transitions, 3 s autoplay, 5 px swipe threshold. Slides per view
 * are the spec's "3, 2, 4 at 768, 1024, 1400" as written: the 1024-1399 px range shows two wider
 * cards, which also suits the side panel layouts of that width.
 */
const SLIDER = {
  speed: 300,
  autoplayDelayMs: 3_000,
  threshold: 5,
  breakpoints: { 768: { slidesPerView: 3 }, 1024: { slidesPerView: 2 }, 1400: { slidesPerView: 4 } },
} as const;

const arrow =
  'grid h-11 w-11 place-items-center rounded-2xl border border-white/10 bg-ink-900/80 text-white transition hover:border-quid-300/50 hover:text-quid-300 disabled:opacity-40';

/** The desktop carousel of featured offers; autoplay stops for visitors who prefer reduced motion. */
export function FeaturedCarousel({ offers, renderCard }: { offers: Offer[]; renderCard: (offer: Offer, index: number) => ReactNode }) {
  const reduceMotion = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  return (
    <div className="relative" data-testid="featured-carousel">
      <Swiper
        modules={[Autoplay, A11y, Keyboard]}
        onSwiper={setSwiper}
        slidesPerView={1}
        spaceBetween={20}
        breakpoints={SLIDER.breakpoints}
        speed={SLIDER.speed}
        threshold={SLIDER.threshold}
        // Rewind rather than loop: loop mode needs twice the visible slides and reorders the DOM.
        rewind
        autoplay={reduceMotion ? false : { delay: SLIDER.autoplayDelayMs, disableOnInteraction: false, pauseOnMouseEnter: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ prevSlideMessage: 'Previous offers', nextSlideMessage: 'More offers' }}
        className="pb-2!"
      >
        {offers.map((offer, index) => (
          <SwiperSlide key={offer.id} className="h-auto! py-2">
            {renderCard(offer, index)}
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={arrow} onClick={() => swiper?.slidePrev()} aria-label="Previous offers">
          <ChevronLeft size={20} aria-hidden />
        </button>
        <button type="button" className={arrow} onClick={() => swiper?.slideNext()} aria-label="More offers">
          <ChevronRight size={20} aria-hidden />
        </button>
      </div>
    </div>
  );
}
