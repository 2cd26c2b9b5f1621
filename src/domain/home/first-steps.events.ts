/** A user put the home screen's first-steps list away for good (one stream per user). */
export type FirstStepsEvent = { type: 'FirstStepsDismissed'; data: { userId: string; at: string } };
