import type { ComponentType } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import { EntryCollections } from './EntryCollections';
import { FavouriteButton } from './FavouriteButton';

/**
 * A history row's curation: its favourite star and its collections. The history page alone curates, and gives
 * its rows these; the popup's and side panel's rows, built by the same components, load none of it.
 */
export interface RowCuration {
  Star: ComponentType<{ entry: HistoryEntry }>;
  Collections: ComponentType<{ entry: HistoryEntry }>;
}

export const ROW_CURATION: RowCuration = {
  Star: ({ entry }) => (
    <FavouriteButton entryId={entry.id} prompt={entry.prompt} favourite={entry.favourite === true} />
  ),
  Collections: ({ entry }) => (
    <EntryCollections entryId={entry.id} prompt={entry.prompt} collections={entry.collections ?? []} />
  ),
};
