/** The middle value of the measured samples (the upper middle of an even count); the samples are left unsorted. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
