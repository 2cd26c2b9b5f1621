import { z } from 'zod';
import { materialLimits } from '../materials/materials.schema.js';
import { isTimeZone, minuteOfClock } from './working-time.rules.js';
import { pagingQuery } from '../shared/paging.js';
import { locales, type Locale } from '../shared/locales.js';
import { ibanIsValid } from './company.iban.js';
import { companyLimits, plans } from './company.rules.js';

export { companyLimits, plans, type Plan } from './company.rules.js';

/** Answers of the 'how did you hear about us' survey. */
export const referralSources = ['SEARCH_ENGINE', 'SOCIAL_MEDIA', 'RECOMMENDATION', 'TRADE_FAIR', 'ADVERTISEMENT', 'OTHER'] as const;
export type ReferralSource = (typeof referralSources)[number];

export const dateFormats = ['DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;

/**
 * An error option that names a missing value with `key` and leaves every other issue (too long,
 * bad format) its own message.
 */
export const missingAs =
  (key: string) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined || issue.input === null ? key : undefined;

const text = (max: number) => z.string().trim().max(max).default('');

/** A required company name, at most 50 characters. */
export const companyNameSchema = z.string().trim().min(1, 'validation.required').max(companyLimits.name);

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(companyLimits.email)
  .refine((value) => value === '' || z.email().safeParse(value).success, 'validation.email')
  .default('');

const optionalPhone = z
  .string()
  .trim()
  .max(companyLimits.phone)
  .refine((value) => value === '' || /^\+?[0-9][0-9 ()/.-]*$/.test(value), 'validation.phone')
  .default('');

const digits = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => /^[0-9]*$/.test(value), 'validation.digitsOnly')
    .default('');

export const addressSchema = z.object({
  company: text(companyLimits.name),
  addressSuffix: text(companyLimits.addressSuffix),
  street: text(companyLimits.name),
  houseNumber: text(companyLimits.houseNumber),
  zip: text(companyLimits.zip),
  place: text(companyLimits.name),
  country: text(companyLimits.country),
});
export type Address = z.infer<typeof addressSchema>;

export const bankDetailsSchema = z.object({
  accountHolder: text(companyLimits.name),
  bank: text(companyLimits.name),
  iban: z
    .string()
    .trim()
    .toUpperCase()
    .max(companyLimits.iban)
    .refine((value) => value === '' || ibanIsValid(value), 'validation.iban')
    .default(''),
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .max(companyLimits.bic)
    .refine((value) => value === '' || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value), 'validation.bic')
    .default(''),
});

/** Order, invoice and cost numbering: two letters before the order number, consecutive numbers of up to 9 digits. */
export const numberingSchema = z.object({
  orderNumberLetters: z
    .string()
    .trim()
    .max(companyLimits.orderNumberLetters)
    .refine((value) => /^\p{L}*$/u.test(value), 'validation.lettersOnly')
    .default(''),
  orderNumber: digits(companyLimits.number),
  invoiceNumber: digits(companyLimits.number),
  costNumber: digits(companyLimits.number),
});

/**
 * Optional functions a company switches on or off (tab App function). A function switched off
 * leaves the menus and links, and its routes answer 404 for the company (`app.requireFunction`).
 */
export const companyFunctions = ['shopFloorDisplay', 'stationScanning', 'vacations', 'keyFigures'] as const;
export type CompanyFunction = (typeof companyFunctions)[number];

/** Which optional functions are on; every one is on until the company switches it off. */
export const companyFunctionsSchema = z.object({
  shopFloorDisplay: z.boolean().default(true),
  stationScanning: z.boolean().default(true),
  vacations: z.boolean().default(true),
  keyFigures: z.boolean().default(true),
});
export type CompanyFunctions = z.infer<typeof companyFunctionsSchema>;

/** The functions of a stored settings document: what it lacks is on. */
export const companyFunctionsOf = (stored: Partial<CompanyFunctions> | undefined): CompanyFunctions => companyFunctionsSchema.parse(stored ?? {});

const favouriteName = (max: number) => z.string().trim().min(1, 'validation.required').max(max).nullable().default(null);

const sameName = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * The favourite attributes and values (tab App settings): names of the attributes and values in
 * use in the company's materials, shown as extra columns in the materials list and on the station
 * screen for an order's material. Two of each; `null` shows no column. A name chosen twice is refused.
 */
export const favouritesSchema = z
  .object({
    attribute1: favouriteName(materialLimits.attributeName),
    attribute2: favouriteName(materialLimits.attributeName),
    value1: favouriteName(materialLimits.valueName),
    value2: favouriteName(materialLimits.valueName),
  })
  .superRefine((favourites, ctx) => {
    if (sameName(favourites.attribute1, favourites.attribute2))
      ctx.addIssue({ code: 'custom', message: 'company.validation.sameFavourite', path: ['attribute2'], input: favourites.attribute2 });
    if (sameName(favourites.value1, favourites.value2))
      ctx.addIssue({ code: 'custom', message: 'company.validation.sameFavourite', path: ['value2'], input: favourites.value2 });
  });
export type Favourites = z.infer<typeof favouritesSchema>;

/** The favourites of a stored settings document: none until the company picks them. */
export const favouritesOf = (stored: Partial<Favourites> | undefined): Favourites => ({
  attribute1: stored?.attribute1 ?? null,
  attribute2: stored?.attribute2 ?? null,
  value1: stored?.value1 ?? null,
  value2: stored?.value2 ?? null,
});

/** Weekdays as the working time stores them, 0 Sunday to 6 Saturday, in the order the form lists them (Monday first). */
export const workingDays = [1, 2, 3, 4, 5, 6, 0] as const;

const clockTime = z
  .string()
  .trim()
  .refine((value) => minuteOfClock(value) !== null, 'company.validation.clockTime');

/** At most this many fixed break windows and minimum steps. */
export const breakLimits = { windows: 4, minimums: 4 } as const;

/**
 * The company's break rule (Advanced settings, Working time; docs/labour-and-costs.md, Breaks): fixed break
 * windows (`HH:MM` to `HH:MM` in the company's zone, every day, not overlapping) and minimum breaks after some
 * hours of work (`after` `HH:MM` of work, `minutes` of break in all; ascending in both). Left out: the
 * statutory minimum (ArbZG §4).
 */
export const breakSettingSchema = z
  .object({
    windows: z
      .array(z.object({ from: clockTime, to: clockTime }))
      .max(breakLimits.windows)
      .default([]),
    minimums: z
      .array(
        z.object({
          after: clockTime.refine((value) => minuteOfClock(value) !== 0, 'company.validation.breakAfter'),
          minutes: z
            .number({ error: missingAs('validation.required') })
            .int('validation.invalidValue')
            .min(1, 'company.validation.breakMinutes')
            .max(240, 'company.validation.breakMinutes'),
        }),
      )
      .max(breakLimits.minimums)
      .default([]),
  })
  .superRefine((breaks, ctx) => {
    const windows = breaks.windows.map((window, index) => ({ index, from: minuteOfClock(window.from), to: minuteOfClock(window.to) }));
    for (const window of windows)
      if (window.from !== null && window.to !== null && window.to <= window.from)
        ctx.addIssue({
          code: 'custom',
          message: 'company.validation.toAfterFrom',
          path: ['windows', window.index, 'to'],
          input: breaks.windows[window.index].to,
        });
    const sorted = windows
      .filter((window) => window.from !== null && window.to !== null && window.to > window.from)
      .sort((a, b) => (a.from ?? 0) - (b.from ?? 0));
    for (let index = 1; index < sorted.length; index++)
      if ((sorted[index].from ?? 0) < (sorted[index - 1].to ?? 0))
        ctx.addIssue({
          code: 'custom',
          message: 'company.validation.breakOverlap',
          path: ['windows', sorted[index].index, 'from'],
          input: breaks.windows[sorted[index].index].from,
        });
    breaks.minimums.forEach((minimum, index) => {
      const before = breaks.minimums[index - 1];
      if (!before) return;
      const after = minuteOfClock(minimum.after);
      const afterBefore = minuteOfClock(before.after);
      if (after !== null && afterBefore !== null && after <= afterBefore)
        ctx.addIssue({ code: 'custom', message: 'company.validation.breakAscending', path: ['minimums', index, 'after'], input: minimum.after });
      else if (minimum.minutes <= before.minutes)
        ctx.addIssue({ code: 'custom', message: 'company.validation.breakAscending', path: ['minimums', index, 'minutes'], input: minimum.minutes });
    });
  });
export type BreakSettings = z.infer<typeof breakSettingSchema>;

/**
 * The company's working time (Advanced settings): the working days (a day named twice counts once), the hours from and to (`HH:MM`,
 * `24:00` the end of the day) and the IANA time zone they are in. The predicted completion counts
 * only this time (docs/prediction.md), and so does a station's availability (docs/key-figures.md).
 */
export const workingTimeSchema = z
  .object({
    days: z
      .array(z.number().int().min(0).max(6))
      .max(7)
      .refine((days) => days.length > 0, 'company.validation.workingDays'),
    from: clockTime,
    to: clockTime,
    timeZone: z
      .string()
      .trim()
      .refine((value) => isTimeZone(value), 'company.validation.timeZone'),
    /** The break rule labour time counts (docs/labour-and-costs.md); left out: the statutory minimum. */
    breaks: breakSettingSchema.optional(),
  })
  .superRefine((working, ctx) => {
    const from = minuteOfClock(working.from);
    const to = minuteOfClock(working.to);
    if (from !== null && to !== null && to <= from)
      ctx.addIssue({ code: 'custom', message: 'company.validation.toAfterFrom', path: ['to'], input: working.to });
  });
export type WorkingTimeSettings = z.infer<typeof workingTimeSchema>;

const emptyAddress = addressSchema.parse({});

/**
 * The company's basic settings (`PUT /api/company-account/updateBasicSettings`). Everything but
 * the company name and the date format may be left empty.
 */
export const basicSettingsSchema = z.object({
  companyName: companyNameSchema,
  firstName: text(companyLimits.name),
  lastName: text(companyLimits.name),
  email: optionalEmail,
  phone: optionalPhone,
  deliveryAddress: addressSchema.default(emptyAddress),
  billingAddress: addressSchema.default(emptyAddress),
  bankDetails: bankDetailsSchema.default(bankDetailsSchema.parse({})),
  tradeRegister: text(companyLimits.name),
  localCourt: text(companyLimits.name),
  /** Default VAT rate in percent. */
  vat: z
    .string()
    .trim()
    .max(companyLimits.vat)
    .refine((value) => value === '' || /^[0-9]+([.,][0-9]+)?$/.test(value), 'validation.vat')
    .default(''),
  vatNumber: text(companyLimits.vatNumber),
  taxNumber: text(companyLimits.taxNumber),
  numbering: numberingSchema.default(numberingSchema.parse({})),
  dateFormat: z.enum(dateFormats, { error: missingAs('validation.required') }),
  /** Vacations may be booked in half days (the team module's vacation booking reads it). */
  halfVacationDays: z.boolean().default(false),
  /**
   * "Display of media with a new record": the station screen opens the media of an order's
   * material at the station as soon as a new order arrives there (docs/materials.md, Media).
   */
  mediaOnNewRecord: z.boolean().default(false),
  /**
   * The user who receives improvement suggestions; stored and checked to be a user of the
   * company; every new improvement suggestion is emailed to them (docs/suggestions.md).
   */
  suggestionRecipientId: z.uuid({ error: 'validation.invalidId' }).nullable().default(null),
  /**
   * The language of the documents the company's stations print by themselves (actions after
   * completion: test protocol, label, ...); a document a user asks for is in that user's language.
   */
  documentLanguage: z.enum(locales, { error: 'validation.invalidValue' }).default('en'),
  /** The working time (Advanced settings); left out, the stored one is kept (never saved: the server's `WORKING_TIME`). */
  workingTime: workingTimeSchema.optional(),
  /** Favourite attributes and values (App settings); left out, the stored ones are kept. */
  favourites: favouritesSchema.optional(),
  /** Optional functions switched on or off (App function); left out, the stored ones are kept. */
  functions: companyFunctionsSchema.optional(),
});
export type BasicSettings = z.infer<typeof basicSettingsSchema>;
export type BasicSettingsInput = z.input<typeof basicSettingsSchema>;

/** The body of `PUT /api/company-account/updateBasicSettings`: the settings and the version they were read at. */
export const basicSettingsUpdateSchema = basicSettingsSchema.extend({
  version: z
    .number({ error: missingAs('validation.required') })
    .int()
    .min(0),
});
export type BasicSettingsUpdate = z.infer<typeof basicSettingsUpdateSchema>;

/** What a new company starts with: its name, everything else empty, German date format, documents in its founder's language. */
export function initialBasicSettings(companyName: string, documentLanguage: Locale = 'en'): BasicSettings {
  return basicSettingsSchema.parse({ companyName, dateFormat: 'DD.MM.YYYY', documentLanguage });
}

export const referralSourceUpdateSchema = z.object({
  referralSource: z.enum(referralSources, { error: missingAs('validation.required') }),
});

/**
 * The product operator's edit of a customer account: the plan, the end of the trial (`null`
 * clears it; a trial plan needs one) and, when given, the whole company data.
 */
export const customerAccountUpdateSchema = z.object({
  plan: z.enum(plans).optional(),
  trialEndsAt: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).nullable().optional(),
  basicSettings: basicSettingsSchema.optional(),
});
export type CustomerAccountUpdate = z.infer<typeof customerAccountUpdateSchema>;

/** Paging of the customer list; `page` counts from 1 (the company selector asks page 1, limit 100). */
export const customerListQuerySchema = z.object({
  ...pagingQuery(),
  companyName: z.string().trim().max(companyLimits.name).optional(),
});
