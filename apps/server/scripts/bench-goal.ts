/** One goal of `npm run bench`: what was measured, its value and target, and whether it passed. */
export interface Goal {
  goal: string;
  what: string;
  value: string;
  target: string;
  pass: boolean;
}
