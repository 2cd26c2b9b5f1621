import { z } from 'zod';
import { interruptionPageSchema } from '../interruptions/interruptions.views.js';
import { keyFiguresViewSchema } from '../key-figures/key-figures.views.js';
import { stationBoardSchema } from '../orders/board.views.js';
import { homeBoardSchema } from '../orders/orders.views.js';

/**
 * The home screen's boards in one answer (`GET /api/home`), each exactly as its own route answers it,
 * so the console paints the screen from one request and seeds each board's own query with its part.
 */
export const homeScreenSchema = z.object({
  /** `GET /api/orders/board` (its default limit). */
  orders: homeBoardSchema,
  /** `GET /api/orders/station-board`. */
  stationBoard: stationBoardSchema,
  /** `GET /api/interruptions?open=true&limit=100`: every open interruption (at most one per station). */
  openInterruptions: interruptionPageSchema,
  /** `GET /api/key-figures?period=day`; null when the company switched key figures off. */
  keyFigures: keyFiguresViewSchema.nullable(),
});
export type HomeScreen = z.infer<typeof homeScreenSchema>;

/** The first steps of a new company, in the order the home screen lists them. */
export const firstSteps = ['company', 'stations', 'team', 'material', 'order'] as const;
export type FirstStep = (typeof firstSteps)[number];

/**
 * `GET /api/home/first-steps`: which first steps the company has done, read from its rows (its address,
 * a station, a second user, a material, an order), and whether the user put the list away.
 */
export const firstStepsSchema = z.object({
  steps: z.array(z.object({ step: z.enum(firstSteps), done: z.boolean() })),
  /** The user dismissed the list (`POST /api/home/first-steps/dismiss`); the home screen no longer shows it. */
  dismissed: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;
