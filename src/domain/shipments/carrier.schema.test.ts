import { describe, expect, it } from 'vitest';
import { carrierInputSchema, carrierInUseCannotBeDeleted, carrierNameIsUnique } from './carrier.schema.js';

const problemsOf = (input: unknown) => carrierInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('carrierInputSchema', () => {
  it('takes a name and a template with the placeholder; no template is null', () => {
    expect(carrierInputSchema.parse({ name: ' DHL ', trackingLinkTemplate: ' https://dhl.example/t?id={trackingId} ' })).toEqual({
      name: 'DHL',
      trackingLinkTemplate: 'https://dhl.example/t?id={trackingId}',
    });
    expect(carrierInputSchema.parse({ name: 'Kurier' })).toEqual({ name: 'Kurier', trackingLinkTemplate: null });
    expect(carrierInputSchema.parse({ name: 'Kurier', trackingLinkTemplate: '' }).trackingLinkTemplate).toBeNull();
  });

  it('templateIsWebAddress and templateHasPlaceholder', () => {
    expect(problemsOf({ name: 'A', trackingLinkTemplate: 'https://a.example/track' })).toEqual([
      ['trackingLinkTemplate', 'shipments.validation.templatePlaceholder'],
    ]);
    expect(problemsOf({ name: 'A', trackingLinkTemplate: 'mailto:x@a.example?{trackingId}' })).toEqual([
      ['trackingLinkTemplate', 'shipments.validation.templateLink'],
    ]);
    expect(problemsOf({ name: 'A', trackingLinkTemplate: '{trackingId}' })).toContainEqual(['trackingLinkTemplate', 'shipments.validation.templateLink']);
    expect(problemsOf({ name: 'A', trackingLinkTemplate: `https://a.example/${'x'.repeat(2048)}{trackingId}` })[0][0]).toBe('trackingLinkTemplate');
  });

  it('a name is required, at most 50 characters', () => {
    expect(problemsOf({ name: '  ' })).toEqual([['name', 'validation.required']]);
    expect(problemsOf({ name: 'x'.repeat(51) })[0][0]).toBe('name');
  });
});

describe('carrier rules', () => {
  it('carrierNameIsUnique: case and surrounding spaces make no new name', () => {
    expect(carrierNameIsUnique('dhl ', ['UPS', 'DHL'])?.code).toBe('DUPLICATE_VALUES');
    expect(carrierNameIsUnique('DHL Express', ['DHL'])).toBeNull();
  });

  it('carrierInUseCannotBeDeleted: refused while a shipment names it', () => {
    expect(carrierInUseCannotBeDeleted(2)).toMatchObject({ code: 'MASTER_DATA_ENTRY_IN_USE', details: [{ params: { count: 2 } }] });
    expect(carrierInUseCannotBeDeleted(0)).toBeNull();
  });
});
