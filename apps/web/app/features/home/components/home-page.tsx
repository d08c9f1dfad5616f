import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SearchForm } from '../../../components/shell/search-form';
import { useAppConfig } from '../../../lib/app-config';
import { useShopperRegions } from '../../../lib/region-store';
import { QUOTE_LINK_PARAM, QuoteLinkForm } from './quote-link-form';

const quotationSteps = [
  { title: 'Paste a link', text: 'Copy the address of an item from a marketplace abroad and paste it here.' },
  { title: 'Sign in', text: 'Quotations belong to your account, so we ask you to sign in first.' },
  { title: 'Get your quotation', text: 'We check the item and reply with a quotation in your currency.' },
];

/** The hero with the quotation form: what a shopper sees first, which nothing may cover as it opens. */
export const HOME_HERO_ID = 'home-hero';

/** One of the cards under the catalogue's rows, named by its heading. */
function HomeCard({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-6"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The hero with the quotation form, then `children` (the catalogue's rows), then how it all works. */
export function HomePage({ children }: { children?: ReactNode }) {
  const { app_currency } = useAppConfig();
  const currency = useShopperRegions().current?.currency ?? app_currency;
  const [searchParams] = useSearchParams();

  return (
    <>
      <section
        id={HOME_HERO_ID}
        className="bg-gradient-to-b from-brand-50 to-surface"
        aria-labelledby="home-heading"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-12 pb-10 sm:pt-20 sm:pb-14">
          <h1
            id="home-heading"
            className="max-w-3xl text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl"
          >
            Shop across borders, priced in {currency}
          </h1>
          <p className="max-w-2xl text-lg text-muted">
            Browse the Crossbuy catalogue, or paste a link to an item on a marketplace abroad and we will
            quote it for you.
          </p>
          <div className="max-w-3xl rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6">
            <QuoteLinkForm initialLink={searchParams.get(QUOTE_LINK_PARAM) ?? ''} />
          </div>
        </div>
      </section>

      <div className="flex flex-col gap-10 py-6">{children}</div>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-12 md:grid-cols-2 md:items-start">
        <HomeCard headingId="catalogue-heading" title="Shop our catalogue">
          <p className="text-muted">
            Products from merchants abroad, with prices in your currency and stock shown up front.
          </p>
          <SearchForm label="Catalogue search" />
        </HomeCard>

        <HomeCard headingId="quotation-heading" title="How quotations work">
          <ol className="flex flex-col gap-4">
            {quotationSteps.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                >
                  {index + 1}
                </span>
                <span>
                  <span className="block font-semibold">{step.title}</span>
                  <span className="text-muted">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </HomeCard>
      </div>
    </>
  );
}
