import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import { foldEvents } from '../shared/decider.js';
import type { InterruptionCommand } from './interruption.commands.js';
import { stationInterruptionsDecider, stationMayReportInterruption } from './interruption.decider.js';
import type { InterruptionEvent } from './interruption.events.js';

const stationId = '5a1d3c2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const orderId = '6b2e4d3c-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const reasonId = '7c3f5e4d-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
const operatorId = '0d7e1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const adminId = '1e8f2b3c-4d5e-4f6a-9b0c-1d2e3f4a5b6c';
const first = '11111111-1111-4111-8111-111111111111';
const second = '22222222-2222-4222-8222-222222222222';
const at = '2026-11-23T08:00:00.000Z';
const later = '2026-11-23T08:25:00.000Z';

const report = (interruptionId: string, order: string | null = orderId): Extract<InterruptionCommand, { type: 'ReportInterruption' }> => ({
  type: 'ReportInterruption',
  interruptionId,
  stationId,
  orderId: order,
  reasonId,
  reasonName: 'Material missing',
  note: 'Screws ran out',
  reportedBy: operatorId,
  expectedEndAt: null,
  at,
});
const reported = (interruptionId: string, order: string | null = orderId): InterruptionEvent => ({
  type: 'InterruptionReported',
  data: { interruptionId, stationId, orderId: order, reasonId, reasonName: 'Material missing', note: 'Screws ran out', reportedBy: operatorId, at },
});
const resolve = (interruptionId: string): InterruptionCommand => ({
  type: 'ResolveInterruption',
  interruptionId,
  note: 'Refilled',
  resolvedBy: adminId,
  at: later,
});
const resolved = (interruptionId: string, order: string | null = orderId): InterruptionEvent => ({
  type: 'InterruptionResolved',
  data: { interruptionId, stationId, orderId: order, reportedAt: at, note: 'Refilled', resolvedBy: adminId, at: later },
});

const given = givenFor(stationInterruptionsDecider);

describe('station interruptions decider', () => {
  it('reports an interruption at a station without one open', () => {
    given()
      .when(report(first))
      .then([reported(first)]);
  });

  it('reports one for the station as a whole (no order)', () => {
    given()
      .when(report(first, null))
      .then([reported(first, null)]);
  });

  it('refuses a second open interruption at the station (stationMayReportInterruption)', () => {
    given(reported(first)).when(report(second)).thenError('INTERRUPTION_ALREADY_OPEN');
    expect(stationMayReportInterruption(foldEvents(stationInterruptionsDecider, [reported(first)]))).toBe(false);
  });

  it('resolves the open interruption, carrying its station, order and report time', () => {
    given(reported(first))
      .when(resolve(first))
      .then([resolved(first)]);
  });

  it('reports again once the last one is resolved', () => {
    given(reported(first), resolved(first))
      .when(report(second))
      .then([reported(second)]);
  });

  it('refuses resolving one already resolved, or one that is not the open one', () => {
    given(reported(first), resolved(first)).when(resolve(first)).thenError('INTERRUPTION_ALREADY_RESOLVED');
    given(reported(first), resolved(first), reported(second)).when(resolve(first)).thenError('INTERRUPTION_ALREADY_RESOLVED');
    given().when(resolve(first)).thenError('INTERRUPTION_ALREADY_RESOLVED');
  });

  it('counts the interruptions reported at the station', () => {
    expect(foldEvents(stationInterruptionsDecider, [reported(first), resolved(first), reported(second)])).toEqual({
      open: { interruptionId: second, stationId, orderId, reasonId, reportedAt: at },
      reported: 2,
    });
  });
});

describe('the expected end of an interruption', () => {
  const expectedEnd = '2026-11-23T10:30:00.000Z';
  const expectedEndSet = (expectedEndAt: string | null, setBy: string, when: string): InterruptionEvent => ({
    type: 'InterruptionExpectedEndSet',
    data: { interruptionId: first, stationId, expectedEndAt, setBy, at: when },
  });
  const setExpectedEnd = (expectedEndAt: string | null, interruptionId = first): InterruptionCommand => ({
    type: 'SetExpectedEnd',
    interruptionId,
    expectedEndAt,
    setBy: adminId,
    at: later,
  });

  it('is recorded with the report when the reporter gives one', () => {
    given()
      .when({ ...report(first), expectedEndAt: expectedEnd })
      .then([reported(first), expectedEndSet(expectedEnd, operatorId, at)]);
  });

  it('is set, moved and cleared while the interruption is open', () => {
    given(reported(first))
      .when(setExpectedEnd(expectedEnd))
      .then([expectedEndSet(expectedEnd, adminId, later)]);
    given(reported(first), expectedEndSet(expectedEnd, operatorId, at))
      .when(setExpectedEnd(null))
      .then([expectedEndSet(null, adminId, later)]);
  });

  it('lies after the moment it is given and within a year (expectedEndIsAhead)', () => {
    given()
      .when({ ...report(first), expectedEndAt: at })
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'expectedEndAt', message: 'interruptions.validation.expectedEndPast' });
    given(reported(first))
      .when(setExpectedEnd('2026-11-23T08:00:00.000Z'))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'expectedEndAt', message: 'interruptions.validation.expectedEndPast' });
    given(reported(first))
      .when(setExpectedEnd('2027-11-25T08:00:00.000Z'))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'expectedEndAt', message: 'interruptions.validation.expectedEndTooFar' });
  });

  it('cannot be set once the interruption is resolved (409)', () => {
    given(reported(first), resolved(first)).when(setExpectedEnd(expectedEnd)).thenError('INTERRUPTION_ALREADY_RESOLVED');
  });
});
