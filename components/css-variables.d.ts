import 'react';

declare module 'react' {
  /** The custom properties components set inline, typed like any other style property. */
  interface CSSProperties {
    /** HistoryList: how many rows a skipped list stands for. */
    '--rows'?: number;
    /** MediaGrid: the rows of cells still to come, whose room the grid keeps. */
    '--later-rows'?: number;
  }
}
