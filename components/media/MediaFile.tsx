import { type MediaFileRef, useMediaSource } from '@/utils/copies/page/use-media-source';
import { MediaImage } from './MediaImage';
import { CopyStatus } from './MediaState';
import { VideoPlayer } from './VideoPlayer';

interface Props {
  file: MediaFileRef;
  kind: 'image' | 'video';
  prompt: string;
  /** Show where the file comes from under it (the viewer, the popup's result card). */
  showStatus?: boolean;
  autoPlay?: boolean;
  /** A video's chosen picture (thumbnail.ts). */
  poster?: string | undefined;
  className?: string;
}

/** One result file, shown from the best source there is, with its copy state. */
export function MediaFile({ file, kind, prompt, showStatus = false, autoPlay, poster, className }: Props) {
  const source = useMediaSource(file);
  return (
    <>
      {kind === 'video' ? (
        <VideoPlayer
          source={source}
          prompt={prompt}
          autoPlay={autoPlay}
          poster={poster}
          className={className}
        />
      ) : (
        <MediaImage source={source} alt={prompt} className={className} />
      )}
      {showStatus && !source.failed ? <CopyStatus source={source} /> : null}
    </>
  );
}
