// The feature's worker services, for other features' worker parts and the worker's core; never for pages.
export { generateImage, imageRun } from './background/generate-image';
export { submitVideo, videoRun } from './background/submit-video';
