/**
 * Number fields of the material form. react-aria's NumberField formats and parses in the user's
 * locale (German 1.234,56); the formats are constants because a new object on every render would
 * make the field re-format what the user is typing.
 */

export { moneyInput as moneyNumber, shownMoney, wholeNumber } from '../../../lib/locale';
export { draftNumber, fieldNumber } from '../../../ui/number-field';

/** Decimals: more places than any rule allows, so the schema, not silent rounding, says what is wrong. */
export const decimalNumber: Intl.NumberFormatOptions = { maximumFractionDigits: 6 };
