import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { durationText, explainOperation, movedTo, type PlannedOperation } from './plan-texts';

const t = createI18n('de');

const operation = (extra: Partial<PlannedOperation['explanation']>, inProgress = false): PlannedOperation => ({
  orderId: 'o',
  stationId: 's',
  step: 0,
  place: 0,
  readyAt: '2026-11-23T08:00:00.000Z',
  startAt: '2026-11-23T10:10:00.000Z',
  endAt: '2026-11-23T11:00:00.000Z',
  workingMs: 50 * 60_000,
  inProgress,
  explanation: { duration: { kind: 'unknown' }, doneMs: 0, waitedMs: 0, behind: [], behindMore: 0, stops: [], ...extra },
});

describe('plan texts', () => {
  it('says durations in hours and minutes', () => {
    expect(durationText(t.t, 130 * 60_000)).toBe('2 h 10 min');
    expect(durationText(t.t, 40 * 60_000)).toBe('40 min');
    expect(durationText(t.t, 120 * 60_000)).toBe('2 h');
  });

  it('explains a wait behind orders and a stop, in German', () => {
    const text = explainOperation(
      t.t,
      'de',
      operation({
        waitedMs: 130 * 60_000,
        behind: [
          { orderId: 'a', number: 'FB000512' },
          { orderId: 'b', number: 'FB000517' },
        ],
        stops: [{ kind: 'interruption', interruptionId: 'i', reasonId: 'r', reasonName: 'Werkzeugbruch', workingMs: 40 * 60_000 }],
        duration: { kind: 'planned', setupMinutes: 30, pieceMinutes: 6, pieces: 10 },
      }),
      'FRÄSEN',
    );
    expect(text).toBe(
      'wartet 2 h 10 min an FRÄSEN hinter FB000512 und FB000517; FRÄSEN steht 40 min: Werkzeugbruch; Plan: 30 min Rüsten + 6 min je Stück × 10',
    );
  });

  it('moves an order in a queue, clamped, and nothing when it stays', () => {
    expect(movedTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(movedTo(['a', 'b', 'c'], 'a', 5)).toEqual(['b', 'c', 'a']);
    expect(movedTo(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(movedTo(['a', 'b'], 'x', 0)).toBeNull();
  });
});
