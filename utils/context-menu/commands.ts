// The feature's commands and worker events, which only the worker's composition root wires.
export { createMenus, MENU_UNLOCK, onMenuClick, opensSidePanel } from './background/context-menu';
