// The bounds of carriers and shipments, apart from their schemas so the error catalogue can quote them.

export const CARRIER_NAME_MAX_LENGTH = 60;
export const CARRIER_TEMPLATE_MAX_LENGTH = 500;
export const CARRIERS_MAX = 30;
/** Orders one bulk shipment covers: a day's packing table, and one transaction that stays short. */
export const BULK_SHIP_MAX_ORDERS = 50;
export const TRACKING_NUMBER_MAX_LENGTH = 100;
