// The feature's worker services, for other features' worker parts and the worker's core; never for pages.
export { composeDraft, OPEN_PANEL_COMMAND, takeComposerDraft } from './background/side-panel';
