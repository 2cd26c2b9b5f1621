import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider.js';
import { keyFigureSettingsDecider } from './key-figures.decider.js';
import { keyFigureSettingsInputSchema, noTargets } from './key-figures.schema.js';

const at = '2026-11-24T08:00:00.000Z';

describe('key-figure settings', () => {
  it('given none saved, the default home figures and no targets', () => {
    expect(keyFigureSettingsDecider.initialState).toEqual({
      targets: noTargets,
      homeFigures: ['ordersCompleted', 'cycleTimeMedian', 'punctuality', 'teamScore'],
    });
  });

  it('when saved, then the targets and home figures are the saved ones', () => {
    const input = keyFigureSettingsInputSchema.parse({ targets: { ordersCompleted: 10, punctuality: 95 }, homeFigures: ['teamScore', 'punctuality'] });
    const events = keyFigureSettingsDecider.decide({ type: 'SaveKeyFigureSettings', at, ...input }, keyFigureSettingsDecider.initialState);
    expect(events).toEqual([
      {
        type: 'KeyFigureSettingsSaved',
        data: { targets: { ...noTargets, ordersCompleted: 10, punctuality: 95 }, homeFigures: ['teamScore', 'punctuality'], at },
      },
    ]);
    expect(foldEvents(keyFigureSettingsDecider, events as never[])).toEqual({
      targets: { ...noTargets, ordersCompleted: 10, punctuality: 95 },
      homeFigures: ['teamScore', 'punctuality'],
    });
  });

  it('refuses a percent above 100, a fraction, a figure twice and an unknown figure', () => {
    const result = keyFigureSettingsInputSchema.safeParse({
      targets: { punctuality: 101, ordersCompleted: 1.5 },
      homeFigures: ['teamScore', 'teamScore', 'nope'],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['targets.punctuality', 'targets.ordersCompleted', 'homeFigures.2']));
  });
});
