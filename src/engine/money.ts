/** Money as the plan's words write it: amounts in the catalogue's currency, and the words for a price unknown. */

/** How an amount of each currency is written: symbol and thousands separator. */
const CURRENCY_FORMATS: Readonly<Record<string, { symbol: string; separator: string }>> = {
  IDR: { symbol: 'Rp', separator: '.' },
  USD: { symbol: 'US$', separator: ',' },
  SGD: { symbol: 'S$', separator: ',' },
  EUR: { symbol: '€', separator: '.' },
};

/** The words printed for a price the catalogue does not give. */
export const PRICE_UNKNOWN = '(price unknown)';

/**
 * An integer amount in `currency`: `Rp 1.200.000` (IDR), `USD 1,200` for a
 * code without a known format, `1,200` without a currency; `sign` prefixes
 * `+` or `-` (a negative amount always gets `-`).
 */
export function formatMoney(amount: number, currency: string | null, sign = false): string {
  const format = currency ? (CURRENCY_FORMATS[currency] ?? { symbol: currency, separator: ',' }) : { symbol: '', separator: ',' };
  const digits = String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, format.separator);
  const prefix = amount < 0 ? '-' : sign ? '+' : '';
  return `${prefix}${format.symbol ? `${format.symbol} ` : ''}${digits}`;
}
