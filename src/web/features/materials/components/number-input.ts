/**
 * Number fields of the material form. react-aria's NumberField formats and parses in the user's
 * locale (German 1.234,56); the formats are constants because a new object on every render would
 * make the field re-format what the user is typing.
 */

/** Whole numbers: quantities, VAT, delivery days. */
export const wholeNumber: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
/** Decimals: more places than any rule allows, so the schema, not silent rounding, says what is wrong. */
export const decimalNumber: Intl.NumberFormatOptions = { maximumFractionDigits: 6 };
/** Money shows its cents. */
export const moneyNumber: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 6 };

/** The field's value: NaN is react-aria's empty field. */
export const fieldNumber = (value: number | null): number => value ?? Number.NaN;

/** What the form keeps: null while the field is empty. */
export const draftNumber = (value: number): number | null => (Number.isNaN(value) ? null : value);

/** How tables and the bill of materials show money: always two places. */
export const shownMoney: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
