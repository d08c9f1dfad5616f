import type { Banner } from '@crossbuy/core/catalogue';
import { ContentLink } from './content-link';
import { ContentPicture } from './content-picture';

/**
 * The live banners side by side: a row that scrolls sideways on a phone, a grid on wider screens.
 * Nothing moves by itself, so every banner can be read and reached at the shopper's pace.
 */
export function BannerStrip({ banners }: { banners: readonly Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <section aria-labelledby="banners-heading" className="mx-auto w-full max-w-6xl px-4">
      <h2 id="banners-heading" className="sr-only">
        Featured
      </h2>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-3 md:overflow-visible md:px-0">
        {banners.map((banner) => {
          const content = (
            <>
              <ContentPicture image={banner.image} width={600} />
              <span className="flex flex-col gap-0.5 p-3">
                <span className="font-semibold text-brand-900">{banner.title}</span>
                <span className="text-sm text-muted">{banner.subtitle}</span>
              </span>
            </>
          );
          const style = 'flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white';
          return (
            <li key={banner.id} className="w-[85%] shrink-0 snap-start md:w-auto">
              {banner.link ? (
                <ContentLink to={banner.link} className={`${style} hover:border-brand-700`}>
                  {content}
                </ContentLink>
              ) : (
                <div className={style}>{content}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
