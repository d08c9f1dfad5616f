import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';
import { LEGAL_LIST_CLASSES, LegalPage, SupportEmail } from './legal-page';

export const TERMS_UPDATED = '23 November 2026';

/** The terms a shopper accepts when creating an account. */
export function TermsContent() {
  return (
    <LegalPage
      title="Terms and conditions"
      updated={TERMS_UPDATED}
      intro={
        <>
          <p>
            These terms apply when you use the Crossbuy store: when you browse it, create an account, ask us
            for a quotation or place an order. Please read them before you create an account; by ticking the
            box on the registration form you accept them.
          </p>
          <p>
            How we handle your personal data is explained in our{' '}
            <Link to="/privacy" className={textLinkClasses}>
              privacy notice
            </Link>
            .
          </p>
        </>
      }
      sections={[
        {
          id: 'who-we-are',
          title: 'Who we are',
          body: (
            <p>
              Crossbuy is an online store based in Singapore. We sell items from our own catalogue, and we buy
              items from marketplaces abroad on your behalf and deliver them to you. You can reach us at{' '}
              <SupportEmail />.
            </p>
          ),
        },
        {
          id: 'account',
          title: 'Your account',
          body: (
            <ul className={LEGAL_LIST_CLASSES}>
              <li>You must be at least 13 years old to create an account, and give true details.</li>
              <li>
                Keep your password to yourself. We recommend turning on two-factor authentication in your
                account&apos;s security settings.
              </li>
              <li>
                You are responsible for what is done with your account. If you think someone else has used it,
                change your password at once and tell us.
              </li>
              <li>
                We may suspend an account that is used for fraud, to abuse the store or its staff, or to buy
                items that may not be sold or imported.
              </li>
            </ul>
          ),
        },
        {
          id: 'prices',
          title: 'Prices and currencies',
          body: (
            <>
              <p>
                Prices are shown in the currency of the region you choose. Where an item is priced in another
                currency, we convert it at our exchange rate of the day, once, when we give you a quotation or
                when you place an order; the amount you are shown then is the amount you pay.
              </p>
              <p>
                We check our prices carefully. If an item was shown at a price that is plainly wrong, we will
                tell you before we accept your order, and you may choose not to go ahead.
              </p>
            </>
          ),
        },
        {
          id: 'quotations',
          title: 'Quotations for items from abroad',
          body: (
            <>
              <p>
                When you send us a link to an item on a marketplace abroad, we look at it and either quote you
                a price for buying it and delivering it to you, or decline. A quotation is an offer that you
                are free to accept or leave; it is not an order until you check out and pay.
              </p>
              <p>
                A quotation depends on the seller abroad. If the seller changes the price, runs out of stock
                or will not ship the item before we buy it, we tell you and give you a new quotation or refund
                what you paid for that item.
              </p>
            </>
          ),
        },
        {
          id: 'orders',
          title: 'Orders and payment',
          body: (
            <ul className={LEGAL_LIST_CLASSES}>
              <li>
                Your order is a request to buy the items in it. It is accepted when we confirm it to you and
                your payment has been received.
              </li>
              <li>
                Card payments are handled by our payment provider; we never see or keep your full card number.
                A PayNow payment counts as received once we have confirmed it in our account.
              </li>
              <li>Stock and vouchers are held for your order only once it is placed.</li>
            </ul>
          ),
        },
        {
          id: 'delivery',
          title: 'Delivery, duties and taxes',
          body: (
            <>
              <p>
                We deliver to the address you choose at checkout. Please make sure it is complete: a parcel
                returned because of a wrong address may have to be sent again at your cost.
              </p>
              <p>
                Delivery times given are estimates; items bought abroad depend on the seller and on customs.
                Import duties and taxes charged by the destination country are part of the price we quote
                where we know them; any that are charged on delivery are yours to pay.
              </p>
            </>
          ),
        },
        {
          id: 'returns',
          title: 'Cancellations, returns and refunds',
          body: (
            <>
              <p>
                You can cancel an order free of charge until we have bought or sent the items in it. Items
                from our catalogue can be returned unused within 14 days of delivery for a refund of their
                price.
              </p>
              <p>
                Items bought for you from a marketplace abroad can be returned only if they arrive damaged,
                faulty or different from what you ordered: tell us within 7 days of delivery, with photos, and
                we will arrange a replacement or a refund. Your rights under Singapore&apos;s consumer
                protection law are not affected.
              </p>
            </>
          ),
        },
        {
          id: 'not-allowed',
          title: 'What we cannot buy or send',
          body: (
            <p>
              We do not buy or deliver items whose sale or import is forbidden or restricted at the
              destination, such as weapons, drugs, counterfeit goods, hazardous materials and live animals. We
              may decline a quotation or cancel an order for such items and refund what you paid.
            </p>
          ),
        },
        {
          id: 'liability',
          title: 'Our responsibility to you',
          body: (
            <p>
              We are responsible for losses that are a foreseeable result of our breaking these terms or of
              our negligence. We are not responsible for losses that were not foreseeable, for business
              losses, or for delays caused by events beyond our reasonable control. Nothing in these terms
              limits our responsibility where the law does not allow it to be limited.
            </p>
          ),
        },
        {
          id: 'changes',
          title: 'Changes and the law that applies',
          body: (
            <p>
              We may update these terms; the date at the top says when they last changed, and an order is
              governed by the terms in force when it was placed. These terms are governed by the law of
              Singapore, and its courts may hear any dispute about them. Questions are welcome at{' '}
              <SupportEmail />.
            </p>
          ),
        },
      ]}
    />
  );
}
