import type { Money } from '../../contract/store/money';
import { majorAmountText } from '../../contract/store/money-units';

/**
 * A formatter of Money for one locale (`undefined`: the reader's own), in each
 * amount's own currency. Intl is handed the exact decimal text ("9.99"), never
 * cents divided into a float; one Intl.NumberFormat is kept per currency.
 */
export function moneyFormatter(locale: string | undefined): (money: Money) => string {
  const formats = new Map<string, Intl.NumberFormat>();
  return (money) => {
    let format = formats.get(money.currency);
    if (!format) {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
      formats.set(money.currency, format);
    }
    // majorAmountText returns a plain decimal such as "-9.99", the numeric-string form format() reads
    // exactly (ES2023 lib: StringNumericLiteral); it is only declared as string.
    return format.format(majorAmountText(money.amountMinor, money.currency) as Intl.StringNumericLiteral);
  };
}
