// The generator ships JavaScript only; this is the part of its interface the store uses.
declare module 'paynowqr' {
  export type PaynowQROptions = {
    /** The receiving company's Unique Entity Number. */
    uen: string;
    /** Dollars with two decimals, e.g. '12.50'. */
    amount: string;
    editable: boolean;
    /** YYYYMMDD. */
    expiry: string;
    /** The bill number the payer's bank shows and sends with the transfer. */
    refNumber: string;
    company: string;
  };
  export default class PaynowQR {
    constructor(options: PaynowQROptions);
    /** The EMVCo payload, checksum included. */
    output(): string;
  }
}
