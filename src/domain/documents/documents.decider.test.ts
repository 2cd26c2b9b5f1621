import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import { foldEvents } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { DocumentCommand } from './documents.commands.js';
import { documentDecider } from './documents.decider.js';
import type { DocumentEvent } from './documents.events.js';

const documentId = '6a0f3f5e-3c8e-4d55-9a53-2a0d3b0e7c11';
const at = '2026-11-23T10:00:00.000Z';
const requested: Extract<DocumentEvent, { type: 'DocumentRequested' }> = {
  type: 'DocumentRequested',
  data: {
    documentId,
    number: 7,
    documentNumber: 'DOC-000007',
    documentType: 'delivery-bill',
    subjectType: 'shipment',
    subjectId: '0b7e6f2a-1d2c-4b8e-8f3a-5c6d7e8f9a0b',
    orderId: null,
    labelSize: null,
    locale: 'de',
    trigger: { kind: 'user', userId: '9d3c1b2a-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
    at,
  },
};
const generated: DocumentEvent = { type: 'DocumentGenerated', data: { documentId, path: `documents/${documentId}.pdf`, size: 1234, pages: 1, at } };
const failed: DocumentEvent = { type: 'DocumentFailed', data: { documentId, failure: 'error', reason: 'Chromium crashed', at } };

/** Given these events, when this command: the events decided, or the refusal's code. */
function when(events: DocumentEvent[], command: DocumentCommand) {
  const decided = given(...events).when(command).result;
  return decided instanceof DomainError ? decided.code : decided.map((event) => event.type);
}
const given = givenFor(documentDecider);

describe('the document decider', () => {
  it('requests a document once', () => {
    expect(when([], { type: 'RequestDocument', data: requested.data })).toEqual(['DocumentRequested']);
    expect(when([requested], { type: 'RequestDocument', data: requested.data })).toBe('CONFLICT_ERROR');
  });

  it('records the outcome once: a job that runs again after it finished records nothing', () => {
    const done = { type: 'RecordGenerated', data: generated.data } as DocumentCommand;
    const failure = { type: 'RecordFailure', data: failed.data } as DocumentCommand;
    expect(when([requested], done)).toEqual(['DocumentGenerated']);
    expect(when([requested], failure)).toEqual(['DocumentFailed']);
    expect(when([requested, generated], done)).toEqual([]);
    expect(when([requested, generated], failure)).toEqual([]);
    expect(when([requested, failed], done)).toEqual([]);
    // The outcome repeats what the document is about, so the live feed's rule reads it off the event.
    expect(given(requested).when(done).result).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ subjectType: requested.data.subjectType, subjectId: requested.data.subjectId }) }),
    ]);
    expect(when([], done)).toBe('NOT_FOUND');
  });

  it('records a refused station document as failed with nothing to print', () => {
    const refusal = { type: 'RefuseDocument', data: { ...requested.data, reason: 'the order is in no shipment' } } as DocumentCommand;
    expect(when([], refusal)).toEqual(['DocumentRefused']);
    const state = foldEvents(documentDecider, [{ type: 'DocumentRefused', data: { ...requested.data, reason: 'x' } }]);
    expect(state).toMatchObject({ status: 'failed', failure: 'no-pdf', path: null });
  });

  it('folds the file of a generated document', () => {
    expect(foldEvents(documentDecider, [requested, generated])).toMatchObject({
      status: 'generated',
      path: `documents/${documentId}.pdf`,
      size: 1234,
      finishedAt: at,
    });
  });
});
