// The feature's worker services, for other features' worker parts and the worker's core; never for pages.
export { generateBatch, resumeWaiting, sendNextCompared, unqueued } from './background/batch';
