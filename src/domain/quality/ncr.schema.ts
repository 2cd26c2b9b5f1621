import { z } from 'zod';
import { commaListQuery, pagingQuery, sortQuery } from '../shared/paging.js';
import { optionalText } from '../shared/validation.js';
import { dispositions } from './ncr.events.js';

/** Limits of the quality loop (ours): a decision's note. */
export const qualityLimits = { note: 200 } as const;

/** Where an NCR stands: `held` (the order may not move or complete), `rework` (awaiting re-measurement), `closed`. */
export const ncrStatuses = ['held', 'rework', 'closed'] as const;
export type NcrStatus = (typeof ncrStatuses)[number];

const optionalId = z.uuid({ error: 'validation.invalidFormat' }).toLowerCase().nullable().default(null);

/**
 * POST /api/ncrs/{id}/decide: the disposition on the version the deciding user saw. `note` is needed for
 * use as is; `reworkStationId` for rework; `scrapReasonId` (master data `scrapReasons`) for scrap and return.
 */
export const decideNcrSchema = z.object({
  version: z.number({ error: 'validation.number' }).int().min(1),
  disposition: z.enum(dispositions, { error: 'quality.validation.disposition' }),
  note: optionalText(qualityLimits.note),
  reworkStationId: optionalId,
  scrapReasonId: optionalId,
});
export type DecideNcrInput = z.output<typeof decideNcrSchema>;

export const ncrSortColumns = ['number', 'openedAt', 'status'] as const;

/** GET /api/ncrs: filters by status (`held,rework` are the open ones), order, station and disposition. */
export const ncrListQuerySchema = z.object({
  ...pagingQuery(),
  status: commaListQuery(ncrStatuses),
  disposition: commaListQuery(dispositions),
  orderId: z.uuid({ error: 'validation.invalidFormat' }).optional(),
  stationId: z.uuid({ error: 'validation.invalidFormat' }).optional(),
  q: z.string().trim().max(50).optional(),
  sort: sortQuery(ncrSortColumns, '-number'),
});
export type NcrListQuery = z.output<typeof ncrListQuerySchema>;

/** An NCR's number as shown: `NCR-` and the company's consecutive number, six digits at least. */
export const formatNcrNumber = (number: number) => `NCR-${String(number).padStart(6, '0')}`;

/** GET /api/ncrs/figures: the period [from, to) as instants; default the 30 days before now. */
export const qualityFiguresQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'validation.invalidFormat' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'validation.invalidFormat' }).optional(),
  })
  .refine((period) => !period.from || !period.to || Date.parse(period.from) < Date.parse(period.to), {
    path: ['to'],
    message: 'quality.validation.periodOrder',
  });
export type QualityFiguresQuery = z.output<typeof qualityFiguresQuerySchema>;
